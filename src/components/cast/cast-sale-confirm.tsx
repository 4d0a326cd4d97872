"use client";

import { useLocale, useTranslations } from "next-intl";
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
  const t = useTranslations("cast.day");
  const words = { t, bundle: { t: useTranslations("bundlesPortal"), locale: useLocale() } };
  return (
    <Dialog title={t("saleTitle")} onClose={onCancel} testId="cast-sale-dialog">
      <p data-testid="cast-sale-warning">{saleWarning(words, title, sales)}</p>
      <p className="muted">{t("saleKeep")}</p>
      <div className="actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t("cancel")}
        </button>
        <button type="button" className="button" onClick={onConfirm}>
          {t("scheduleFree")}
        </button>
      </div>
    </Dialog>
  );
}
