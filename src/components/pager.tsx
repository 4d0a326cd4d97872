import Link from "next/link";

/** The page index of a `?page=` query (1-based in the URL): 0 unless it is a whole number from 1 up. */
export function pageIndexFrom(page: string | string[] | undefined): number {
  const n = typeof page === "string" && /^\d{1,6}$/.test(page) ? Number(page) : 1;
  return Math.max(1, n) - 1;
}

/** Previous / Next links of a server-rendered list, paged with `?page=` on `path`. */
export function Pager({ path, pageIndex, pageCount }: { path: string; pageIndex: number; pageCount: number }) {
  if (pageCount <= 1 && pageIndex === 0) return null;
  const href = (index: number) => (index === 0 ? path : `${path}?page=${index + 1}`);
  return (
    <nav className="actions pager" aria-label="Pages">
      {pageIndex > 0 ? (
        <Link className="button button--secondary" href={href(Math.max(0, Math.min(pageIndex, pageCount) - 1))} rel="prev">
          Previous
        </Link>
      ) : (
        <span className="button button--secondary" aria-disabled="true">
          Previous
        </span>
      )}
      <span>
        Page {pageIndex + 1} of {Math.max(pageCount, 1)}
      </span>
      {pageIndex + 1 < pageCount ? (
        <Link className="button button--secondary" href={href(pageIndex + 1)} rel="next">
          Next
        </Link>
      ) : (
        <span className="button button--secondary" aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
