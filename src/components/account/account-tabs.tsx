"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const TABS = [
  { href: "/account", label: "Profile" },
  { href: "/account/finance", label: "Finance" },
  { href: "/account/features", label: "Features" },
  { href: "/account/password", label: "Password and security" },
];

export function AccountTabs() {
  const pathname = usePathname();
  return (
    <nav aria-label="Account sections">
      <ul className="tabs">
        {TABS.map((t) => (
          <li key={t.href}>
            <Link href={t.href} aria-current={pathname === t.href ? "page" : undefined}>
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
