"use client";

import { useTranslations } from "next-intl";
import type { BoxItemView } from "@/server/domain/box/box-item-view";
import { Dialog } from "@/components/dialog";
import { OfferForm } from "./offer-form";

/** Offering a box item on the marketplace, in a modal dialog. */
export function OfferDialog({ item, currency, onClose }: { item?: BoxItemView; currency: string; onClose: () => void }) {
  const t = useTranslations("market");
  return (
    <Dialog title={item ? t("offerTitle", { title: item.title }) : t("offerVideo")} onClose={onClose} testId="offer-dialog">
      <OfferForm item={item} currency={currency} onDone={onClose} />
    </Dialog>
  );
}
