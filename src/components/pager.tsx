import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

/** The page index of a `?page=` query (1-based in the URL): 0 unless it is a whole number from 1 up. */
export function pageIndexFrom(page: string | string[] | undefined): number {
  const n = typeof page === "string" && /^\d{1,6}$/.test(page) ? Number(page) : 1;
  return Math.max(1, n) - 1;
}

/**
 * Where a page step goes: a server-rendered list links to `?page=` on `path` (which may carry a query
 * of its own, a search: it is kept); a list a client component pages (with its search and filters in
 * its state) calls `onPage`.
 */
type PageTarget = { path: string; onPage?: never } | { onPage: (pageIndex: number) => void; path?: never };

/** Previous / Next of a paged list, "Page 2 of 5" between them; nothing when all fits on the first page. */
export function Pager({ pageIndex, pageCount, ...target }: { pageIndex: number; pageCount: number } & PageTarget) {
  const t = useTranslations("pager");
  if (pageCount <= 1 && pageIndex === 0) return null;
  return (
    <nav className="actions pager" aria-label={t("label")}>
      <PageStep target={target} to={pageIndex > 0 ? Math.max(0, Math.min(pageIndex, pageCount) - 1) : undefined} rel="prev">
        {t("previous")}
      </PageStep>
      <span>{t("page", { page: pageIndex + 1, count: Math.max(pageCount, 1) })}</span>
      <PageStep target={target} to={pageIndex + 1 < pageCount ? pageIndex + 1 : undefined} rel="next">
        {t("next")}
      </PageStep>
    </nav>
  );
}

/** A link or a button to page `to`; shown disabled when there is none that way. */
function PageStep({
  target,
  to,
  rel,
  children,
}: {
  target: PageTarget;
  to: number | undefined;
  rel: "prev" | "next";
  children: ReactNode;
}) {
  const { path, onPage } = target;
  if (path !== undefined) {
    if (to === undefined)
      return (
        <span className="button button--secondary" aria-disabled="true">
          {children}
        </span>
      );
    return (
      <Link
        className="button button--secondary"
        href={to === 0 ? path : `${path}${path.includes("?") ? "&" : "?"}page=${to + 1}`}
        rel={rel}
      >
        {children}
      </Link>
    );
  }
  return (
    <button type="button" className="button button--secondary" disabled={to === undefined} onClick={() => to !== undefined && onPage(to)}>
      {children}
    </button>
  );
}
