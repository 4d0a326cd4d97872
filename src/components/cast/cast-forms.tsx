"use client";

import { useTranslations } from "next-intl";
import type { CastChannelView, CastStreamView } from "@/server/domain/cast/cast-views";
import { StreamableForm, type StreamableFormProps } from "@/components/live/streamable-form";
import { trpc } from "@/components/trpc/react";

/** A fresh stream path from a name (a cached answer may have been taken since). */
function useGenerate() {
  const utils = trpc.useUtils();
  return async (base: string) => (await utils.cast.streamPath.fetch({ base }, { staleTime: 0 })).streamPath;
}

/** A cast channel's name, stream path, description and tags: creates one, or saves one (its lock kept). */
export function CastChannelForm({ initial, onSaved, onCancel }: StreamableFormProps<CastChannelView>) {
  const t = useTranslations("cast.studio");
  const utils = trpc.useUtils();
  return (
    <StreamableForm
      initial={initial}
      generate={useGenerate()}
      create={(fields) => utils.client.cast.createChannel.mutate({ ...fields, thumbnailId: undefined, locked: false })}
      update={({ channelId, thumbnailId, locked }, fields) =>
        utils.client.cast.updateChannel.mutate({ channelId, ...fields, thumbnailId, locked })
      }
      refresh={() => utils.cast.searchChannels.invalidate()}
      onSaved={onSaved}
      submitLabel={initial ? t("save") : t("createTheChannel")}
      ariaLabel={initial ? t("editChannel") : t("createChannel")}
      onCancel={onCancel}
    />
  );
}

/** A cast stream's name, stream path, description and tags: creates one, or saves one. */
export function CastStreamForm({ initial, onSaved, onCancel }: StreamableFormProps<CastStreamView>) {
  const t = useTranslations("cast.studio");
  const utils = trpc.useUtils();
  return (
    <StreamableForm
      initial={initial}
      generate={useGenerate()}
      create={(fields) => utils.client.cast.createStream.mutate({ ...fields, thumbnailId: undefined })}
      update={({ streamId, thumbnailId }, fields) => utils.client.cast.updateStream.mutate({ streamId, ...fields, thumbnailId })}
      refresh={() => utils.cast.searchStreams.invalidate()}
      onSaved={onSaved}
      submitLabel={initial ? t("save") : t("createTheStream")}
      ariaLabel={initial ? t("editStream") : t("createStream")}
      onCancel={onCancel}
    />
  );
}
