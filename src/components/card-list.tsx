"use client";

import { useState, type ReactNode } from "react";
import { Dialog } from "@/components/dialog";
import { SearchList, useSearchState } from "@/components/search-list";

const PAGE_SIZE = 12;

/** A search of the creator's things, as a tRPC query hook: called with the same hook on every render. */
export type UseCardSearch<T> = (request: { queryString: string; pageIndex: number; pageSize: number }) => {
  data?: { items: T[]; pageCount: number };
  error: unknown;
};

/**
 * A portal section's list of the creator's things (bundles, live and cast channels): an intro with a
 * create button, the searchable cards (SearchList), and the create dialog. `noun` names one thing
 * ("bundle"); `testId` prefixes the test ids (default: the noun).
 */
export function CardList<T>(props: {
  noun: string;
  /** The create button's and dialog's text, in the page's language ("Create a bundle"). */
  createLabel: string;
  /** The list's title, in the page's language ("Your bundles"). */
  listTitle: string;
  testId?: string;
  intro: string;
  /** What the list says when there is none yet. */
  emptyText: string;
  useSearch: UseCardSearch<T>;
  keyOf: (item: T) => string;
  card: (item: T) => ReactNode;
  /** The create form; `close` ends the dialog. */
  createForm: (close: () => void) => ReactNode;
}) {
  const { createLabel } = props;
  const testId = props.testId ?? props.noun;
  const state = useSearchState();
  const [creating, setCreating] = useState(false);
  const search = props.useSearch({ queryString: state.queryString, pageIndex: state.pageIndex, pageSize: PAGE_SIZE });
  return (
    <>
      <div className="page-head">
        <p className="muted">{props.intro}</p>
        <button type="button" className="button" onClick={() => setCreating(true)} data-testid={`${testId}-create`}>
          {createLabel}
        </button>
      </div>
      <SearchList
        id={`${testId}s`}
        title={props.listTitle}
        state={state}
        page={search.data}
        error={search.error}
        testId={testId}
        emptyText={props.emptyText}
        renderItem={(item) => (
          <li key={props.keyOf(item)} className="card bundle-card" data-testid={`${testId}-item`}>
            {props.card(item)}
          </li>
        )}
      />
      {creating && (
        <Dialog title={createLabel} onClose={() => setCreating(false)} testId={`${testId}-dialog`}>
          {props.createForm(() => setCreating(false))}
        </Dialog>
      )}
    </>
  );
}
