"use client";

import { useTranslations } from "next-intl";
import type { LiveChannelView } from "@/server/domain/live/channel-view";
import { trpc } from "@/components/trpc/react";
import { StreamableForm, type StreamableFormProps } from "./streamable-form";

/** A live channel's name, stream path, description, listing and tags: creates one, or saves one. */
export function ChannelForm({ initial, onSaved, onCancel }: StreamableFormProps<LiveChannelView>) {
  const t = useTranslations("live.studio");
  const utils = trpc.useUtils();
  return (
    <StreamableForm
      initial={initial}
      withPublic
      // a fresh one each time (a cached answer may have been taken since)
      generate={async (base) => (await utils.live.streamPath.fetch({ base }, { staleTime: 0 })).streamPath}
      create={(fields) => utils.client.live.createChannel.mutate({ ...fields, public: fields.public ?? true, thumbnailId: undefined })}
      update={({ channelId, thumbnailId }, fields) =>
        utils.client.live.updateChannel.mutate({ channelId, ...fields, public: fields.public ?? true, thumbnailId })
      }
      refresh={() => utils.live.searchChannels.invalidate()}
      onSaved={onSaved}
      submitLabel={initial ? t("save") : t("createTheChannel")}
      ariaLabel={initial ? t("editChannel") : t("createChannel")}
      onCancel={onCancel}
    />
  );
}
