"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { Dialog } from "@/components/dialog";
import { SearchField } from "@/components/form/search-field";
import { FormStatus } from "@/components/form/form-status";
import { formReader } from "@/components/form/read-form";
import { Pager } from "@/components/pager";
import { errorMessageOf } from "@/lib/trpc/errors";

const PAGE_SIZE = 12;

export interface CardPage<T> {
  items: T[];
  pageCount: number;
}

/** A search of the creator's things, as a tRPC query hook: called with the same hook on every render. */
export type UseCardSearch<T> = (request: { queryString: string; pageIndex: number; pageSize: number }) => {
  data?: CardPage<T>;
  error: unknown;
};

/**
 * A portal section's list of the creator's things (bundles, channels): an intro with a create
 * button, a search, cards a page at a time, and the create dialog. `noun` names one thing
 * ("bundle"): in the button, the headings, the empty text and the test ids.
 */
export function CardList<T>(props: {
  noun: string;
  intro: string;
  /** What to do when there is none yet (after "You have no {noun} yet: "). */
  firstStep: string;
  useSearch: UseCardSearch<T>;
  keyOf: (item: T) => string;
  card: (item: T) => ReactNode;
  /** The create form; `close` ends the dialog. */
  createForm: (close: () => void) => ReactNode;
}) {
  const { noun } = props;
  const [query, setQuery] = useState("");
  const [pageIndex, setPageIndex] = useState(0);
  const [creating, setCreating] = useState(false);
  const search = props.useSearch({ queryString: query, pageIndex, pageSize: PAGE_SIZE });

  function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    setQuery(formReader(ev.currentTarget).text("queryString"));
    setPageIndex(0);
  }

  const page = search.data;
  return (
    <>
      <div className="page-head">
        <p className="muted">{props.intro}</p>
        <button type="button" className="button" onClick={() => setCreating(true)} data-testid={`${noun}-create`}>
          Create a {noun}
        </button>
      </div>
      <section className="card" aria-labelledby={`${noun}s-title`}>
        <h2 id={`${noun}s-title`}>Your {noun}s</h2>
        <FormStatus error={errorMessageOf(search.error)} />
        <form className="vod-filters" role="search" onSubmit={submit} noValidate aria-label={`Search your ${noun}s`}>
          <SearchField label="Search" />
        </form>
        {!page && !search.error && <p className="muted">Loading…</p>}
        {page && page.items.length === 0 && (
          <p className="muted" data-testid={`${noun}-empty`}>
            {query ? `No ${noun} matches your search.` : `You have no ${noun} yet: ${props.firstStep}`}
          </p>
        )}
        {page && page.items.length > 0 && (
          <ul className="bundle-grid">
            {page.items.map((item) => (
              <li key={props.keyOf(item)} className="card bundle-card" data-testid={`${noun}-item`}>
                {props.card(item)}
              </li>
            ))}
          </ul>
        )}
        {page && <Pager pageIndex={pageIndex} pageCount={page.pageCount} onPage={setPageIndex} />}
      </section>
      {creating && (
        <Dialog title={`Create a ${noun}`} onClose={() => setCreating(false)} testId={`${noun}-dialog`}>
          {props.createForm(() => setCreating(false))}
        </Dialog>
      )}
    </>
  );
}
