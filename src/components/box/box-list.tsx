"use client";

import { FormStatus } from "@/components/form/form-status";
import { useState, type FormEvent } from "react";
import { errorMessageOf } from "@/lib/trpc/errors";
import { trpc } from "@/lib/trpc/react";
import { BoxItemCard } from "./box-item-card";
import { BoxUploader } from "./box-uploader";

const PAGE_SIZE = 20;
/** While an item is processing, the list is read again this often (progress, then READY). */
const POLL_MS = 2000;

/** The box: upload, search, and the items of the current page, newest first (by relevance when searching). */
export function BoxList() {
  const [query, setQuery] = useState("");
  const [pageIndex, setPageIndex] = useState(0);
  const utils = trpc.useUtils();
  const search = trpc.box.search.useQuery(
    { queryString: query, pageIndex, pageSize: PAGE_SIZE },
    { refetchInterval: (q) => (q.state.data?.items.some((i) => i.status === "PROCESSING") ? POLL_MS : false) },
  );

  function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    setQuery(String(new FormData(ev.currentTarget).get("q") ?? ""));
    setPageIndex(0);
  }

  const page = search.data;
  return (
    <>
      <BoxUploader onUploaded={() => void utils.box.search.invalidate()} />
      <section className="card" aria-labelledby="contents-title">
        <h2 id="contents-title">Your contents</h2>
        <form className="box-search" role="search" onSubmit={submit}>
          <input name="q" type="search" placeholder="Search titles, descriptions and tags" aria-label="Search your box" />
          <button type="submit" className="button">
            Search
          </button>
        </form>
        <FormStatus error={errorMessageOf(search.error)} />
        {!page && !search.error && <p className="muted">Loading…</p>}
        {page && page.items.length === 0 && (
          <p className="muted" data-testid="box-empty">
            {query ? "Nothing matches your search." : "Your box is empty: upload a video above."}
          </p>
        )}
        {page && page.items.length > 0 && (
          <ul className="box-list">
            {page.items.map((item) => (
              <BoxItemCard key={item.boxId} item={item} />
            ))}
          </ul>
        )}
        {page && page.pageCount > 1 && (
          <nav className="actions" aria-label="Pages">
            <button
              type="button"
              className="button button--secondary"
              disabled={pageIndex === 0}
              onClick={() => setPageIndex(pageIndex - 1)}
            >
              Previous
            </button>
            <span>
              Page {pageIndex + 1} of {page.pageCount}
            </span>
            <button
              type="button"
              className="button button--secondary"
              disabled={pageIndex + 1 >= page.pageCount}
              onClick={() => setPageIndex(pageIndex + 1)}
            >
              Next
            </button>
          </nav>
        )}
      </section>
    </>
  );
}
