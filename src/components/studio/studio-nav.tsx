"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";

/** The studio's areas, grouped; `key` names the link's text in messages (studio.nav.*). */
const GROUPS = [
  {
    key: "content",
    links: [
      { key: "dashboard", href: "/dashboard" },
      { key: "box", href: "/box" },
      { key: "videos", href: "/vod" },
      { key: "bundles", href: "/bundles" },
      { key: "marketplace", href: "/marketplace" },
    ],
  },
  { key: "live", links: [{ key: "liveChannels", href: "/live" }] },
  { key: "channels", links: [{ key: "cast", href: "/cast" }] },
  { key: "audience", links: [{ key: "analytics", href: "/analytics" }] },
  {
    key: "money",
    links: [
      { key: "sales", href: "/sales" },
      { key: "plans", href: "/plans" },
    ],
  },
  {
    key: "account",
    links: [
      { key: "account", href: "/account" },
      { key: "finance", href: "/account/finance" },
      { key: "features", href: "/account/features" },
      { key: "password", href: "/account/password" },
      { key: "developers", href: "/account/developers" },
      { key: "notices", href: "/notices" },
    ],
  },
] as const;

/** The console, for moderators and administrators only. */
const STAFF_GROUP = { key: "admin", links: [{ key: "console", href: "/admin" }] } as const;

/** Whether `href` is the area the page at `pathname` belongs to ("/account" only for itself: its sub-pages have links of their own). */
function current(pathname: string, href: string): boolean {
  if (href === "/account") return pathname === href;
  return pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * The creator studio's navigation: a sidebar of grouped areas on a wide screen, a menu button that
 * opens the same list on a phone. The current area is marked (aria-current="page"). Staff also have
 * the console's group.
 */
export function StudioNav({ staff = false }: { staff?: boolean }) {
  const t = useTranslations("studio");
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [pathname]);
  return (
    <nav aria-label={t("navLabel")} className="studio-nav" data-open={open}>
      <button
        type="button"
        className="studio-nav__toggle"
        aria-expanded={open}
        aria-controls="studio-nav-groups"
        onClick={() => setOpen(!open)}
      >
        {t("menu")}
      </button>
      <div id="studio-nav-groups" className="studio-nav__groups">
        {(staff ? [...GROUPS, STAFF_GROUP] : GROUPS).map((group) => (
          <div key={group.key} className="studio-nav__group">
            <span id={`studio-group-${group.key}`} className="studio-nav__title">
              {t(`groups.${group.key}`)}
            </span>
            <ul aria-labelledby={`studio-group-${group.key}`}>
              {group.links.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} aria-current={current(pathname, link.href) ? "page" : undefined}>
                    {t(`nav.${link.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}
