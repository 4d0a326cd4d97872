"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { SearchField } from "@/components/form/search-field";
import { FormStatus } from "@/components/form/form-status";
import { errorsByInput, formReader } from "@/components/form/read-form";
import { errorMessageOf, fieldErrorsOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { Pager } from "@/components/pager";
import { BoxItemCard } from "./box-item-card";
import { BoxUploader } from "./box-uploader";
import { PROCESSING_POLL_MS } from "./processing-poll";

const PAGE_SIZE = 20;

/** The box: upload, search, and the items of the current page, newest first (by relevance when searching); `currency` prices what is published. */
export function BoxList({ currency }: { currency: string }) {
  const t = useTranslations("box");
  // the label of the search field (by the field path it sends); the FormStatus above links to the field by it
  const LABELS = { queryString: t("labels.search") };
  const [query, setQuery] = useState("");
  const [pageIndex, setPageIndex] = useState(0);
  const utils = trpc.useUtils();
  const search = trpc.box.search.useQuery(
    { queryString: query, pageIndex, pageSize: PAGE_SIZE },
    { refetchInterval: (q) => (q.state.data?.items.some((i) => i.status === "PROCESSING") ? PROCESSING_POLL_MS : false) },
  );

  function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    setQuery(formReader(ev.currentTarget).text("queryString"));
    setPageIndex(0);
  }

  const page = search.data;
  const errors = errorsByInput(fieldErrorsOf(search.error), LABELS);
  return (
    <>
      <BoxUploader onUploaded={() => void utils.box.search.invalidate()} />
      <section className="card" aria-labelledby="contents-title">
        <h2 id="contents-title">{t("contents")}</h2>
        <FormStatus error={errorMessageOf(search.error)} fieldErrors={errors} labels={LABELS} />
        <form role="search" onSubmit={submit} noValidate>
          <SearchField label={LABELS.queryString} error={errors.queryString} />
        </form>
        {!page && !search.error && <p className="muted">{t("loading")}</p>}
        {page && page.items.length === 0 && (
          <p className="muted" data-testid="box-empty">
            {query ? t("noMatch") : t("empty")}
          </p>
        )}
        {page && page.items.length > 0 && (
          <ul className="box-list">
            {page.items.map((item) => (
              <BoxItemCard key={item.boxId} item={item} currency={currency} />
            ))}
          </ul>
        )}
        {page && <Pager pageIndex={pageIndex} pageCount={page.pageCount} onPage={setPageIndex} />}
      </section>
    </>
  );
}
