"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";

const TABS = [
  { key: "dashboard", href: "/admin" },
  { key: "reports", href: "/admin/reports" },
  { key: "appeals", href: "/admin/appeals" },
  { key: "takedowns", href: "/admin/takedowns" },
  { key: "contents", href: "/admin/contents" },
  { key: "users", href: "/admin/users" },
  { key: "payments", href: "/admin/payments" },
  { key: "plans", href: "/admin/plans" },
  { key: "clients", href: "/admin/clients" },
  { key: "settings", href: "/admin/settings" },
  { key: "jobs", href: "/admin/jobs" },
  { key: "audit", href: "/admin/audit" },
] as const;

/** The console's sections, the current one marked. */
export function AdminNav() {
  const t = useTranslations("console.nav");
  const pathname = usePathname();
  return (
    <nav aria-label={t("label")}>
      <ul className="link-tabs">
        {TABS.map((tab) => (
          <li key={tab.key}>
            <Link href={tab.href} aria-current={pathname === tab.href ? "page" : undefined} prefetch={false}>
              {t(tab.key)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
