"use client";

/** Previous and Next of a paged list, with "Page 2 of 5" between them; nothing when all fits on one page. */
export function Pager({ pageIndex, pageCount, onPage }: { pageIndex: number; pageCount: number; onPage: (pageIndex: number) => void }) {
  if (pageCount <= 1) return null;
  return (
    <nav className="actions" aria-label="Pages">
      <button type="button" className="button button--secondary" disabled={pageIndex === 0} onClick={() => onPage(pageIndex - 1)}>
        Previous
      </button>
      <span>
        Page {pageIndex + 1} of {pageCount}
      </span>
      <button
        type="button"
        className="button button--secondary"
        disabled={pageIndex + 1 >= pageCount}
        onClick={() => onPage(pageIndex + 1)}
      >
        Next
      </button>
    </nav>
  );
}
