"use client";

import { useEffect, type RefObject } from "react";
import { useTranslations } from "next-intl";
import type { BoxItemView } from "@/server/domain/box/box-item-view";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { HlsPlayer } from "./hls-player";

/** The owner's preview: asks for signed playback URLs (playback.playBox), then plays them. */
export function BoxPreview({ item, videoRef }: { item: BoxItemView; videoRef?: RefObject<HTMLVideoElement | null> }) {
  const t = useTranslations("box");
  const play = trpc.playback.playBox.useMutation();
  const { mutate } = play;
  // the ladder grows while processing: a new play once the item is READY lists every rung
  useEffect(() => mutate({ boxId: item.boxId }), [mutate, item.boxId, item.status]);

  if (play.error) {
    return (
      <p className="notice notice--info" role="status">
        {errorMessageOf(play.error)}{" "}
        <button type="button" className="link-button" onClick={() => mutate({ boxId: item.boxId })}>
          {t("retry")}
        </button>
      </p>
    );
  }
  if (!play.data) return <p className="muted">{t("loadingPlayer")}</p>;
  return <HlsPlayer src={play.data.file} poster={play.data.posterUrl} title={item.title} videoRef={videoRef} />;
}
