import Link from "next/link";

/** Tabs that are links (server-rendered pages keep their state in the address); the current one marked for assistive technology. */
export function LinkTabs({ label, tabs }: { label: string; tabs: { key: string; name: string; href: string; current: boolean }[] }) {
  return (
    <nav aria-label={label}>
      <ul className="link-tabs">
        {tabs.map((t) => (
          <li key={t.key}>
            <Link href={t.href} aria-current={t.current ? "page" : undefined} data-testid={`tab-${t.key}`} prefetch={false}>
              {t.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
