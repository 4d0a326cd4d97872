"use client";

import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import type { MarketItemView } from "@/server/domain/marketplace/market-item-view";
import type { MarketLicenseType } from "@/generated/prisma/enums";
import { moneyIn } from "@/lib/wire";
import { Field, SelectField } from "@/components/form/field";
import { SearchField } from "@/components/form/search-field";
import { FormStatus } from "@/components/form/form-status";
import { errorsByInput, formReader } from "@/components/form/read-form";
import { HlsPlayer } from "@/components/box/hls-player";
import { Pager } from "@/components/pager";
import { errorMessageOf, fieldErrorsOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { MarketCard } from "./market-card";
import { LICENSE_TYPES } from "./offer-form";

const PAGE_SIZE = 12;

interface Filters {
  queryString: string;
  licenseType: MarketLicenseType | "";
  maxPrice: string;
  userCode: string;
}

/** The address the checkout sends the buyer back to: this page, naming the listing (the checkout adds trackingId). */
const returnUrl = (marketplaceId: string) => `${window.location.origin}/marketplace?${new URLSearchParams({ acquire: marketplaceId })}`;

/** What the checkout added to the address, taken out of it: the listing being acquired and the payment's trackingId. */
function takeCheckoutReturn(): { marketplaceId: string; trackingId?: string } | undefined {
  const url = new URL(window.location.href);
  const marketplaceId = url.searchParams.get("acquire");
  if (!marketplaceId) return undefined;
  const trackingId = url.searchParams.get("trackingId") ?? undefined;
  url.searchParams.delete("acquire");
  url.searchParams.delete("trackingId");
  window.history.replaceState(null, "", url);
  return { marketplaceId, trackingId };
}

/**
 * Other creators' listings: search, filters by license type, highest price and seller, pages; a
 * listing's 15-second preview, and acquiring it (at once, or through the checkout for a spot price,
 * coming back here to finish: the content then lands in the box).
 */
export function MarketBrowser({ currency, userCode }: { currency: string; userCode: string }) {
  const t = useTranslations("market");
  const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;
  const LABELS = {
    queryString: t("labels.search"),
    "conditions.licenseType": t("labels.licenseType"),
    maxPrice: t("labels.maxPrice"),
    userCode: t("labels.seller"),
  };
  const LICENSE_FILTERS = [{ value: "", label: t("anyLicense") }, ...LICENSE_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))];
  const [filters, setFilters] = useState<Filters>({ queryString: "", licenseType: "", maxPrice: "", userCode: "" });
  const [pageIndex, setPageIndex] = useState(0);
  const [preview, setPreview] = useState<string>();
  const [acquired, setAcquired] = useState<{ title: string; result: string }>();
  const utils = trpc.useUtils();
  const search = trpc.marketplace.searchPublic.useQuery({
    queryString: filters.queryString,
    pageIndex,
    pageSize: PAGE_SIZE,
    excludeUserCode: userCode,
    userCode: filters.userCode || undefined,
    maxPrice: filters.maxPrice ? (moneyIn(filters.maxPrice) as number) : undefined,
    conditions: filters.licenseType ? { licenseType: filters.licenseType } : undefined,
  });
  const acquire = trpc.marketplace.acquire.useMutation({
    onSuccess: async (res) => {
      setAcquired({ title: res.marketplaceContent.title, result: res.result });
      if (res.result === "FULFILLED") await utils.box.search.invalidate();
    },
  });
  const pay = trpc.marketplace.pay.useMutation({ onSuccess: ({ url }) => window.location.assign(url) });
  const { mutate: finish } = acquire;

  // back from the checkout: finish the acquisition with the payment's trackingId
  useEffect(() => {
    const back = takeCheckoutReturn();
    if (back) finish({ marketplaceId: back.marketplaceId, trackingId: back.trackingId });
  }, [finish]);

  function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const form = formReader(ev.currentTarget);
    setFilters((f) => ({ ...f, queryString: form.text("queryString"), maxPrice: form.text("maxPrice"), userCode: form.text("userCode") }));
    setPageIndex(0);
  }

  function start(item: MarketItemView) {
    setAcquired(undefined);
    if (item.conditions.licenseType === "SPOT_PRICE")
      pay.mutate({
        marketplaceId: item.marketplaceId,
        advanceMonthlyPayments: 1,
        embedded: false,
        mobile: false,
        returnUrl: returnUrl(item.marketplaceId),
        cancelUrl: returnUrl(item.marketplaceId),
      });
    else acquire.mutate({ marketplaceId: item.marketplaceId });
  }

  const page = search.data;
  const errors = errorsByInput(fieldErrorsOf(search.error), LABELS);
  return (
    <section className="card" aria-labelledby="browse-title">
      <h2 id="browse-title">{t("browseTitle")}</h2>
      <FormStatus error={errorMessageOf(search.error ?? acquire.error ?? pay.error)} fieldErrors={errors} labels={LABELS} />
      {acquired && (
        <p
          className={`notice ${acquired.result === "FULFILLED" ? "notice--success" : "notice--info"}`}
          role="status"
          data-testid="market-acquired"
        >
          {acquired.result === "FULFILLED"
            ? t.rich("inBox", { title: acquired.title, box: (chunks) => <Link href="/box">{chunks}</Link> })
            : t("notPaid", { title: acquired.title })}
        </p>
      )}
      <form className="vod-filters" role="search" onSubmit={submit} noValidate aria-label={t("searchLabel")}>
        <SearchField label={LABELS.queryString} error={errors.queryString} />
        <div className="vod-filters__selects">
          <SelectField
            name="conditions.licenseType"
            label={LABELS["conditions.licenseType"]}
            value={filters.licenseType}
            onChange={(e) => {
              setFilters((f) => ({ ...f, licenseType: e.target.value as Filters["licenseType"] }));
              setPageIndex(0);
            }}
            options={LICENSE_FILTERS}
            error={errors["conditions.licenseType"]}
          />
          <Field
            name="maxPrice"
            label={t("labels.maxPriceIn", { currency })}
            inputMode="decimal"
            placeholder="10,00"
            error={errors.maxPrice}
          />
          <Field name="userCode" label={LABELS.userCode} placeholder={t("sellerPlaceholder")} error={errors.userCode} />
        </div>
      </form>
      {!page && !search.error && <p className="muted">{t("loading")}</p>}
      {page && (
        <p className="muted" role="status" data-testid="market-count">
          {t("count", { count: page.totalCount })}
        </p>
      )}
      {page && page.items.length > 0 && (
        <ul className="vod-grid">
          {page.items.map((item) => (
            <MarketCard key={item.marketplaceId} item={item} currency={currency} showSeller>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setPreview(preview === item.marketplaceId ? undefined : item.marketplaceId)}
                aria-expanded={preview === item.marketplaceId}
              >
                {t.rich(preview === item.marketplaceId ? "closePreview" : "preview", { title: item.title, hidden })}
              </button>
              <button type="button" className="button" disabled={acquire.isPending || pay.isPending} onClick={() => start(item)}>
                {t.rich("acquire", { title: item.title, hidden })}
              </button>
              {preview === item.marketplaceId && <MarketPreview marketplaceId={item.marketplaceId} title={item.title} />}
            </MarketCard>
          ))}
        </ul>
      )}
      {page && <Pager pageIndex={pageIndex} pageCount={page.pageCount} onPage={setPageIndex} />}
    </section>
  );
}

/** The 15-second preview of a listing. */
function MarketPreview({ marketplaceId, title }: { marketplaceId: string; title: string }) {
  const t = useTranslations("market");
  const play = trpc.marketplace.preview.useMutation();
  const { mutate } = play;
  useEffect(() => mutate({ marketplaceId }), [mutate, marketplaceId]);
  if (play.error) return <p className="notice notice--info">{errorMessageOf(play.error)}</p>;
  if (!play.data) return <p className="muted">{t("loadingPreview")}</p>;
  return <HlsPlayer src={play.data.file} poster={play.data.resource.posterUrl} title={t("previewTitle", { title })} />;
}
