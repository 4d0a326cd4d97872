"use client";

import { useTranslations } from "next-intl";
import { HlsPlayer } from "@/components/box/hls-player";
import { FormStatus } from "@/components/form/form-status";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";

/** The owner's preview of a channel's output as it airs now (cast.testChannel: signed, never refused for bandwidth). */
export function CastPreview({ channelId, name }: { channelId: string; name: string }) {
  const t = useTranslations("cast");
  const test = trpc.cast.testChannel.useMutation();
  return (
    <section className="card" aria-labelledby="preview-title">
      <div className="page-head">
        <h2 id="preview-title">{t("preview")}</h2>
        <button
          type="button"
          className="button button--secondary"
          disabled={test.isPending}
          onClick={() => test.mutate({ channelId })}
          data-testid="cast-preview-start"
        >
          {test.data ? t("reloadPreview") : t("previewOutput")}
        </button>
      </div>
      <FormStatus error={errorMessageOf(test.error)} />
      {test.data ? <HlsPlayer key={test.data.file} src={test.data.file} title={name} live /> : <p className="muted">{t("previewHint")}</p>}
    </section>
  );
}
