"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";

const TABS = [
  { href: "/account", key: "profile" },
  { href: "/account/finance", key: "finance" },
  { href: "/account/features", key: "features" },
  { href: "/account/password", key: "password" },
  { href: "/account/developers", key: "developers" },
] as const;

export function AccountTabs() {
  const pathname = usePathname();
  const t = useTranslations("account.tabs");
  return (
    <nav aria-label={t("label")}>
      <ul className="tabs">
        {TABS.map((tab) => (
          <li key={tab.href}>
            <Link href={tab.href} aria-current={pathname === tab.href ? "page" : undefined}>
              {t(tab.key)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
