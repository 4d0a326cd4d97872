"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { SearchField } from "@/components/form/search-field";
import { FormStatus } from "@/components/form/form-status";
import { formReader } from "@/components/form/read-form";
import { Pager } from "@/components/pager";
import { errorMessageOf } from "@/components/trpc/errors";

/** The query and page of a searchable list of the portal; a new search goes back to the first page. */
export function useSearchState() {
  const [queryString, setQuery] = useState("");
  const [pageIndex, setPageIndex] = useState(0);
  return {
    queryString,
    pageIndex,
    setPageIndex,
    submit(ev: FormEvent<HTMLFormElement>) {
      ev.preventDefault();
      setQuery(formReader(ev.currentTarget).text("queryString"));
      setPageIndex(0);
    },
  };
}

/**
 * A card of the portal listing the creator's things of one kind as cards: a search, the cards of a
 * page, "Loading…", an empty state saying what to do first (or that nothing matches), the pager.
 */
export function SearchList<T>({
  id,
  title,
  state,
  page,
  error,
  emptyText,
  testId,
  renderItem,
}: {
  id: string;
  title: string;
  state: ReturnType<typeof useSearchState>;
  page: { items: T[]; pageCount: number } | undefined;
  error: unknown;
  emptyText: string;
  testId: string;
  renderItem: (item: T) => ReactNode;
}) {
  const t = useTranslations("searchList");
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <FormStatus error={errorMessageOf(error)} />
      <form
        className="vod-filters"
        role="search"
        onSubmit={state.submit}
        noValidate
        aria-label={t("label", { title: title.toLowerCase() })}
      >
        <SearchField label={t("search")} />
      </form>
      {!page && !error && <p className="muted">{t("loading")}</p>}
      {page && page.items.length === 0 && (
        <p className="muted" data-testid={`${testId}-empty`}>
          {state.queryString ? t("noMatch") : emptyText}
        </p>
      )}
      {page && page.items.length > 0 && <ul className="bundle-grid">{page.items.map(renderItem)}</ul>}
      {page && <Pager pageIndex={state.pageIndex} pageCount={page.pageCount} onPage={state.setPageIndex} />}
    </section>
  );
}
