"use client";

import { Dialog } from "@/components/dialog";
import type { TitleSale } from "@/server/domain/cast/title-sales";
import { saleWarning } from "./sale-words";

/**
 * The confirmation asked before a title that is sold (pay-per-view, or only in a bundle) is
 * scheduled on a free channel, where anyone watches it free: Cancel (or Escape) leaves the day as it was.
 */
export function CastSaleConfirm({
  title,
  sales,
  onConfirm,
  onCancel,
}: {
  title: string;
  sales: TitleSale[];
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog title="Air a paid title free?" onClose={onCancel} testId="cast-sale-dialog">
      <p data-testid="cast-sale-warning">{saleWarning(title, sales)}</p>
      <p className="muted">Viewers who paid for it keep their access; the channel plays it to everyone at its time.</p>
      <div className="actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button" onClick={onConfirm}>
          Schedule it free
        </button>
      </div>
    </Dialog>
  );
}
