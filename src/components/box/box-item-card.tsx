"use client";

import { FormStatus } from "@/components/form/form-status";
import { useState } from "react";
import Link from "next/link";
import type { BoxItemView } from "@/server/domain/box/box-item-view";
import { formatDuration } from "@/server/rest/wire";
import { formatDay } from "@/lib/format";
import { errorMessageOf } from "@/lib/trpc/errors";
import { trpc } from "@/lib/trpc/react";
import { BoxEditForm } from "./box-edit-form";
import { BoxPreview } from "./box-preview";
import { ProgressBar } from "@/components/progress-bar";
import { ContentPicture } from "@/components/content-picture";
import { VodDialog } from "@/components/vod/vod-dialog";
import { OfferDialog } from "@/components/marketplace/offer-dialog";
import { durationLabel, TermsBadge } from "@/components/marketplace/terms-label";
import { ConfirmButton } from "@/components/confirm-button";

type Panel = "none" | "play" | "edit" | "publish" | "offer";

/**
 * One item of the box: its state (processing percent, failure reason), how many vods publish it, and
 * play, edit, publish (READY only), offer on the marketplace (READY uploads), download, delete
 * (refused while it has vods: the server says so). An acquired content shows its license.
 */
export function BoxItemCard({ item, currency }: { item: BoxItemView; currency: string }) {
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
            {item.source === "MARKETPLACE" ? "acquired" : "uploaded"} {formatDay(item.createdAt)}
            {item.tags.length > 0 && <> · {item.tags.map((t) => `#${t}`).join(" ")}</>}
            {item.vodCount > 0 && (
              <>
                {" · "}
                <Link href="/vod" data-testid="box-vod-count">
                  published as {item.vodCount === 1 ? "1 vod" : `${item.vodCount} vods`}
                </Link>
              </>
            )}
          </p>
          {item.marketplaceLicense && (
            <p data-testid="box-acquired">
              <span className="badge">Acquired</span>{" "}
              <TermsBadge terms={item.marketplaceLicense} currency={currency} testId="box-license" /> from{" "}
              {item.marketplaceLicense.issuerCode},{" "}
              {item.marketplaceLicense.expired
                ? "license ended"
                : item.marketplaceLicense.expiresAt
                  ? `until ${formatDay(item.marketplaceLicense.expiresAt)}`
                  : durationLabel(item.marketplaceLicense)}
            </p>
          )}
          {item.description && <p className="prewrap">{item.description}</p>}
          {item.status === "PROCESSING" && <ProgressBar label="Processing" percent={item.progress} testId="processing-progress" />}
          {item.status === "FAILED" && (
            <p className="notice notice--error" data-testid="failure-reason">
              {item.statusReason ?? "Processing failed."}
            </p>
          )}
          <div className="actions">
            {item.status !== "FAILED" && (
              <button type="button" className="button button--secondary" onClick={() => toggle("play")} aria-expanded={panel === "play"}>
                {panel === "play" ? "Close player" : "Play"}
              </button>
            )}
            <button type="button" className="button button--secondary" onClick={() => toggle("edit")} aria-expanded={panel === "edit"}>
              Edit
            </button>
            {item.status === "READY" && (
              <button type="button" className="button" onClick={() => setPanel("publish")} aria-haspopup="dialog">
                Publish
              </button>
            )}
            {item.status === "READY" && item.source === "UPLOAD" && (
              <button type="button" className="button button--secondary" onClick={() => setPanel("offer")} aria-haspopup="dialog">
                Offer
              </button>
            )}
            <button
              type="button"
              className="button button--secondary"
              disabled={download.isPending}
              onClick={() => download.mutate({ contentId: item.contentId })}
            >
              Download
            </button>
            <ConfirmButton
              label="Delete"
              title={`Delete "${item.title}"?`}
              pending={remove.isPending}
              onConfirm={() => remove.mutate({ boxId: item.boxId })}
            >
              <p>The content and all its files are deleted. This cannot be undone.</p>
            </ConfirmButton>
          </div>
          <FormStatus error={error} />
        </div>
      </div>
      {panel === "play" && <BoxPreview item={item} />}
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
  if (item.status === "PROCESSING") return null;
  return (
    <span className={`badge ${item.status === "FAILED" ? "badge--danger" : ""}`} data-testid="box-status">
      {item.status === "READY" ? "Ready" : "Failed"}
    </span>
  );
}
