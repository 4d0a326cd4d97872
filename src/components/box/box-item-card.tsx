"use client";

import { FormStatus } from "@/components/form/form-status";
import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import type { BoxItemView } from "@/server/domain/box/box-item-view";
import { formatDuration } from "@/lib/wire";
import { formatDay } from "@/lib/format";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { BoxEditForm } from "./box-edit-form";
import { BoxPreview } from "./box-preview";
import { BoxTracksPanel } from "./box-tracks-panel";
import { ProgressBar } from "@/components/progress-bar";
import { ContentPicture } from "@/components/content-picture";
import { VodDialog } from "@/components/vod/vod-dialog";
import { OfferDialog } from "@/components/marketplace/offer-dialog";
import { TermsBadge, useDurationLabel } from "@/components/marketplace/terms-label";
import { ConfirmButton } from "@/components/confirm-button";

type Panel = "none" | "play" | "edit" | "publish" | "offer" | "tracks";

/**
 * One item of the box: its state (processing percent, failure reason), how many vods publish it, and
 * play, edit, publish (READY only), offer on the marketplace (READY uploads), download, delete
 * (refused while it has vods: the server says so). An acquired content shows its license.
 */
export function BoxItemCard({ item, currency }: { item: BoxItemView; currency: string }) {
  const t = useTranslations("box");
  const locale = useLocale();
  const durationLabel = useDurationLabel();
  const [panel, setPanel] = useState<Panel>("none");
  const utils = trpc.useUtils();
  // a deleted item gives its storage and its upload slot back
  const remove = trpc.box.delete.useMutation({
    onSuccess: () => Promise.all([utils.box.search.invalidate(), utils.box.uploadAllowance.invalidate()]),
  });
  const download = trpc.box.downloadToken.useMutation({
    onSuccess: ({ token }) => {
      // single use, valid for minutes: the browser downloads the original as an attachment
      window.location.assign(`/download/content/${encodeURIComponent(item.contentId)}?${new URLSearchParams({ token })}`);
    },
  });
  const toggle = (p: Panel) => setPanel((cur) => (cur === p ? "none" : p));
  const error = errorMessageOf(remove.error ?? download.error);

  return (
    <li className="card box-item" data-testid="box-item" data-box-id={item.boxId} data-status={item.status}>
      <div className="box-item__head">
        <ContentPicture content={item} width={PICTURE_WIDTH} className="box-item__thumb" testId="box-item-picture" />
        <div className="box-item__body">
          <h3>{item.title}</h3>
          <p className="muted">
            <StatusBadge item={item} /> {item.durationSeconds !== null && <>{formatDuration(item.durationSeconds)} · </>}
            {t(item.source === "MARKETPLACE" ? "acquiredOn" : "uploadedOn", { day: formatDay(item.createdAt, locale) })}
            {item.tags.length > 0 && <> · {item.tags.map((tag) => `#${tag}`).join(" ")}</>}
            {item.vodCount > 0 && (
              <>
                {" · "}
                <Link href="/vod" data-testid="box-vod-count">
                  {t("publishedAs", { count: item.vodCount })}
                </Link>
              </>
            )}
          </p>
          {item.marketplaceLicense && (
            <p data-testid="box-acquired">
              <span className="badge">{t("acquired")}</span>{" "}
              <TermsBadge terms={item.marketplaceLicense} currency={currency} testId="box-license" />{" "}
              {t("licenseFrom", { issuer: item.marketplaceLicense.issuerCode })},{" "}
              {item.marketplaceLicense.expired
                ? t("licenseEnded")
                : item.marketplaceLicense.expiresAt
                  ? t("licenseUntil", { day: formatDay(item.marketplaceLicense.expiresAt, locale) })
                  : durationLabel(item.marketplaceLicense)}
            </p>
          )}
          {item.description && <p className="prewrap">{item.description}</p>}
          {item.status === "PROCESSING" && <ProgressBar label={t("processing")} percent={item.progress} testId="processing-progress" />}
          {item.status === "FAILED" && (
            <p className="notice notice--error" data-testid="failure-reason">
              {item.statusReason ?? t("processingFailed")}
            </p>
          )}
          <div className="actions">
            {item.status !== "FAILED" && (
              <button type="button" className="button button--secondary" onClick={() => toggle("play")} aria-expanded={panel === "play"}>
                {panel === "play" ? t("closePlayer") : t("play")}
              </button>
            )}
            <button type="button" className="button button--secondary" onClick={() => toggle("edit")} aria-expanded={panel === "edit"}>
              {t("edit")}
            </button>
            {item.status === "READY" && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => toggle("tracks")}
                aria-expanded={panel === "tracks"}
                data-testid="box-tracks-toggle"
              >
                {t("captionsAndChapters")}
              </button>
            )}
            {item.status === "READY" && (
              <button type="button" className="button" onClick={() => setPanel("publish")} aria-haspopup="dialog">
                {t("publish")}
              </button>
            )}
            {item.status === "READY" && item.source === "UPLOAD" && (
              <button type="button" className="button button--secondary" onClick={() => setPanel("offer")} aria-haspopup="dialog">
                {t("offer")}
              </button>
            )}
            <button
              type="button"
              className="button button--secondary"
              disabled={download.isPending}
              onClick={() => download.mutate({ contentId: item.contentId })}
            >
              {t("download")}
            </button>
            <ConfirmButton
              label={t("delete")}
              title={t("deleteTitle", { title: item.title })}
              pending={remove.isPending}
              onConfirm={() => remove.mutate({ boxId: item.boxId })}
            >
              <p>{t("deleteText")}</p>
            </ConfirmButton>
          </div>
          <FormStatus error={error} />
        </div>
      </div>
      {panel === "play" && <BoxPreview item={item} />}
      {panel === "tracks" && <BoxTracksPanel item={item} />}
      {panel === "edit" && <BoxEditForm item={item} onDone={() => setPanel("none")} />}
      {panel === "offer" && <OfferDialog item={item} currency={currency} onClose={() => setPanel("none")} />}
      {panel === "publish" && <VodDialog target={{ mode: "publish", item }} currency={currency} onClose={() => setPanel("none")} />}
    </li>
  );
}

/** The widest the card's picture is shown (.box-item__thumb), in CSS pixels: asked twice as wide, for dense screens. */
const PICTURE_WIDTH = 160;

/** Ready or Failed; while processing, the progress bar below is the status (its word and percent, shown once). */
function StatusBadge({ item }: { item: BoxItemView }) {
  const t = useTranslations("box");
  if (item.status === "PROCESSING") return null;
  return (
    <span className={`badge ${item.status === "FAILED" ? "badge--danger" : ""}`} data-testid="box-status">
      {item.status === "READY" ? t("ready") : t("failed")}
    </span>
  );
}
