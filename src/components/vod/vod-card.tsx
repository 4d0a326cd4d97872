"use client";

import { useLocale, useTranslations } from "next-intl";
import type { VodItemView } from "@/server/domain/vod/vod-item-view";
import { ContentPicture } from "@/components/content-picture";
import { FormStatus } from "@/components/form/form-status";
import { formatDuration } from "@/lib/wire";
import { formatDay } from "@/lib/format";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { LicenseBadge } from "./license-badge";
import { watchPath } from "@/lib/vod-urls";
import { vodAnalyticsPath } from "@/lib/analytics-urls";
import Link from "next/link";
import { ConfirmButton } from "@/components/confirm-button";

/** The widest a card's picture is shown (.vod-card__thumb in the grid), in CSS pixels. */
const PICTURE_WIDTH = 320;

/** One vod of the creator: picture, title, license, visibility, dates; its watch page, edit, unpublish. */
export function VodCard({ vod, currency, onEdit }: { vod: VodItemView; currency: string; onEdit: () => void }) {
  const t = useTranslations("vodPortal");
  const locale = useLocale();
  const hidden = (chunks: React.ReactNode) => <span className="visually-hidden">{chunks}</span>;
  const utils = trpc.useUtils();
  // the content stays in the box, one vod fewer
  const remove = trpc.vod.delete.useMutation({
    onSuccess: () => Promise.all([utils.vod.search.invalidate(), utils.box.search.invalidate()]),
  });

  return (
    <li className="card vod-card" data-testid="vod-item" data-vod-id={vod.vodId}>
      <ContentPicture content={vod} width={PICTURE_WIDTH} className="vod-card__thumb" testId="vod-picture" />
      <div className="vod-card__body">
        <h3>{vod.title}</h3>
        <p className="vod-card__badges">
          <LicenseBadge vod={vod} currency={currency} />
          <span className={`badge ${vod.public ? "badge--success" : "badge--muted"}`} data-testid="vod-visibility">
            {vod.public ? t("public") : t("private")}
          </span>
          {vod.expired && <span className="badge badge--danger">{t("expired")}</span>}
        </p>
        <dl className="vod-card__facts">
          <dt>{t("duration")}</dt>
          <dd>{formatDuration(vod.durationSeconds)}</dd>
          <dt>{t("published")}</dt>
          <dd data-testid="vod-published-on">{formatDay(vod.publishedAt, locale)}</dd>
          <dt>{vod.expired ? t("expiredAfter") : t("expires")}</dt>
          <dd data-testid="vod-expires">{vod.expirationDate ? formatDay(vod.expirationDate, locale) : t("never")}</dd>
        </dl>
        <div className="actions vod-card__actions">
          <a href={watchPath(vod.vodId)} className="button button--secondary">
            {t.rich("watchPage", { title: vod.title, hidden })}
          </a>
          <button type="button" className="button button--secondary" onClick={onEdit}>
            {t.rich("edit", { title: vod.title, hidden })}
          </button>
          <Link href={vodAnalyticsPath(vod.vodId)} className="button button--secondary" data-testid="vod-analytics-link">
            {t.rich("analytics", { title: vod.title, hidden })}
          </Link>
          <ConfirmButton
            label={t("unpublish")}
            about={vod.title}
            title={t("unpublishTitle", { title: vod.title })}
            pending={remove.isPending}
            onConfirm={() => remove.mutate({ vodId: vod.vodId })}
          >
            <p>{t("unpublishText")}</p>
          </ConfirmButton>
        </div>
        <FormStatus error={errorMessageOf(remove.error)} />
      </div>
    </li>
  );
}
