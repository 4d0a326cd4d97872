"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { FormStatus } from "@/components/form/form-status";
import { Pager } from "@/components/pager";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { MarketCard } from "./market-card";
import { OfferDialog } from "./offer-dialog";
import { ConfirmButton } from "@/components/confirm-button";

const PAGE_SIZE = 12;

/** The creator's listings with how many creators acquired each; offer a video, withdraw a listing. */
export function MyListings({ currency }: { currency: string }) {
  const t = useTranslations("market");
  const [pageIndex, setPageIndex] = useState(0);
  const [offering, setOffering] = useState(false);
  const utils = trpc.useUtils();
  const search = trpc.marketplace.search.useQuery({ pageIndex, pageSize: PAGE_SIZE });
  const withdraw = trpc.marketplace.delete.useMutation({ onSuccess: () => utils.marketplace.search.invalidate() });
  const page = search.data;
  return (
    <section className="card" aria-labelledby="listings-title">
      <div className="page-head">
        <h2 id="listings-title">{t("listings")}</h2>
        <button type="button" className="button" onClick={() => setOffering(true)} aria-haspopup="dialog">
          {t("offerVideo")}
        </button>
      </div>
      <FormStatus error={errorMessageOf(search.error ?? withdraw.error)} />
      {page && page.items.length === 0 && <p className="muted">{t("noListings")}</p>}
      {page && page.items.length > 0 && (
        <ul className="vod-grid">
          {page.items.map((item) => (
            <MarketCard key={item.marketplaceId} item={item} currency={currency} showSeller={false}>
              <span className="muted" data-testid="market-acquisitions">
                {t("acquisitions", { count: item.acquisitions })}
              </span>
              <ConfirmButton
                label={t("withdraw")}
                about={item.title}
                title={t("withdrawTitle", { title: item.title })}
                pending={withdraw.isPending}
                onConfirm={() => withdraw.mutate({ marketplaceId: item.marketplaceId })}
              >
                <p>{t("withdrawText")}</p>
              </ConfirmButton>
            </MarketCard>
          ))}
        </ul>
      )}
      {page && <Pager pageIndex={pageIndex} pageCount={page.pageCount} onPage={setPageIndex} />}
      {offering && <OfferDialog currency={currency} onClose={() => setOffering(false)} />}
    </section>
  );
}
