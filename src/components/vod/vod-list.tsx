"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { SelectField } from "@/components/form/field";
import { SearchField } from "@/components/form/search-field";
import { FormStatus } from "@/components/form/form-status";
import { errorsByInput, formReader } from "@/components/form/read-form";
import { Pager } from "@/components/pager";
import { CC_LICENSES, CC_TYPES } from "@/lib/creative-commons";
import { errorMessageOf, fieldErrorsOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { VodCard } from "./vod-card";
import { VodDialog } from "./vod-dialog";
import type { VodFormTarget } from "./vod-form";
import type { CcType, VodLicenseType } from "@/generated/prisma/enums";

const PAGE_SIZE = 12;

/** The labels of the search and its filters, by the field path each sends; the options of the filters. */
function filterTexts(t: ReturnType<typeof useTranslations<"vodPortal">>) {
  return {
    LABELS: {
      queryString: t("list.search"),
      "conditions.licenseType": t("form.labels.licenseType"),
      "conditions.ccType": t("form.labels.ccType"),
      public: t("list.visibility"),
    },
    LICENSE_FILTERS: [
      { value: "", label: t("list.anyLicense") },
      { value: "FREE", label: t("form.free") },
      { value: "CREATIVE_COMMONS", label: t("form.cc") },
      { value: "PAY_PER_VIEW", label: t("form.ppv") },
      { value: "CONTENT_BUNDLE", label: t("list.inABundle") },
    ],
    CC_FILTERS: [{ value: "", label: t("list.any") }, ...CC_TYPES.map((c) => ({ value: c, label: CC_LICENSES[c].code }))],
    VISIBILITY_FILTERS: [
      { value: "", label: t("list.publicAndPrivate") },
      { value: "true", label: t("public") },
      { value: "false", label: t("private") },
    ],
  };
}

interface Filters {
  licenseType: VodLicenseType | "";
  ccType: CcType | "";
  visibility: "" | "true" | "false";
}

/** The creator's vods (expired and private ones too): search, filters by license and visibility, pages; publish, edit, unpublish. */
export function VodList({ currency }: { currency: string }) {
  const t = useTranslations("vodPortal");
  const { LABELS, LICENSE_FILTERS, CC_FILTERS, VISIBILITY_FILTERS } = filterTexts(t);
  const [query, setQuery] = useState("");
  const [filters, setFilters] = useState<Filters>({ licenseType: "", ccType: "", visibility: "" });
  const [pageIndex, setPageIndex] = useState(0);
  const [dialog, setDialog] = useState<VodFormTarget | null>(null);
  const search = trpc.vod.search.useQuery({
    queryString: query,
    pageIndex,
    pageSize: PAGE_SIZE,
    public: filters.visibility === "" ? undefined : filters.visibility === "true",
    conditions: filters.licenseType ? { licenseType: filters.licenseType, ccType: filters.ccType || undefined } : undefined,
  });

  function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    setQuery(formReader(ev.currentTarget).text("queryString"));
    setPageIndex(0);
  }

  function filter(change: Partial<Filters>) {
    // a Creative Commons license filters only Creative Commons vods
    setFilters((f) => ({ ...f, ...change, ...(change.licenseType !== undefined ? { ccType: "" } : {}) }));
    setPageIndex(0);
  }

  const page = search.data;
  const filtered = query !== "" || filters.licenseType !== "" || filters.visibility !== "";
  const errors = errorsByInput(fieldErrorsOf(search.error), LABELS);
  return (
    <>
      <div className="page-head">
        <p className="muted">{t("list.intro")}</p>
        <button type="button" className="button" onClick={() => setDialog({ mode: "publish" })}>
          {t("list.publish")}
        </button>
      </div>
      <section className="card" aria-labelledby="vods-title">
        <h2 id="vods-title">{t("list.title")}</h2>
        <FormStatus error={errorMessageOf(search.error)} fieldErrors={errors} labels={LABELS} />
        <form className="vod-filters" role="search" onSubmit={submit} noValidate aria-label={t("list.searchLabel")}>
          <SearchField label={LABELS.queryString} error={errors.queryString} />
          <div className="vod-filters__selects">
            <SelectField
              name="conditions.licenseType"
              label={LABELS["conditions.licenseType"]}
              value={filters.licenseType}
              onChange={(e) => filter({ licenseType: e.target.value as Filters["licenseType"] })}
              options={LICENSE_FILTERS}
              error={errors["conditions.licenseType"]}
            />
            {filters.licenseType === "CREATIVE_COMMONS" && (
              <SelectField
                name="conditions.ccType"
                label={LABELS["conditions.ccType"]}
                value={filters.ccType}
                onChange={(e) => filter({ ccType: e.target.value as Filters["ccType"] })}
                options={CC_FILTERS}
                error={errors["conditions.ccType"]}
              />
            )}
            <SelectField
              name="public"
              label={LABELS.public}
              value={filters.visibility}
              onChange={(e) => filter({ visibility: e.target.value as Filters["visibility"] })}
              options={VISIBILITY_FILTERS}
              error={errors.public}
            />
          </div>
        </form>
        {!page && !search.error && <p className="muted">{t("list.loading")}</p>}
        {page && (
          <p className="muted" role="status" data-testid="vod-count">
            {t("list.count", { count: page.totalCount })}
          </p>
        )}
        {page && page.items.length === 0 && (
          <p className="muted" data-testid="vod-empty">
            {filtered ? t("list.noMatch") : t("list.empty")}
          </p>
        )}
        {page && page.items.length > 0 && (
          <ul className="vod-grid">
            {page.items.map((vod) => (
              <VodCard key={vod.vodId} vod={vod} currency={currency} onEdit={() => setDialog({ mode: "edit", vod })} />
            ))}
          </ul>
        )}
        {page && <Pager pageIndex={pageIndex} pageCount={page.pageCount} onPage={setPageIndex} />}
      </section>
      {dialog && <VodDialog target={dialog} currency={currency} onClose={() => setDialog(null)} />}
    </>
  );
}
