"use client";

import type { BoxItemView } from "@/server/domain/box/box-item-view";
import { Dialog } from "@/components/dialog";
import { OfferForm } from "./offer-form";

/** Offering a box item on the marketplace, in a modal dialog. */
export function OfferDialog({ item, currency, onClose }: { item?: BoxItemView; currency: string; onClose: () => void }) {
  return (
    <Dialog title={item ? `Offer “${item.title}”` : "Offer a video"} onClose={onClose} testId="offer-dialog">
      <OfferForm item={item} currency={currency} onDone={onClose} />
    </Dialog>
  );
}
