"use client";

import { useTranslations } from "next-intl";
import type { LiveChannelView } from "@/server/domain/live/channel-view";
import { trpc } from "@/components/trpc/react";
import { StreamableForm } from "./streamable-form";

/** A live channel's name, stream path, description, listing and tags: creates one, or saves one. */
export function ChannelForm({
  channel,
  onSaved,
  onCancel,
}: {
  channel?: LiveChannelView;
  onSaved: (channel: LiveChannelView) => void;
  onCancel?: () => void;
}) {
  const t = useTranslations("live.studio");
  const utils = trpc.useUtils();
  const done = async (saved: LiveChannelView) => {
    await utils.live.searchChannels.invalidate();
    onSaved(saved);
  };
  const create = trpc.live.createChannel.useMutation({ onSuccess: done });
  const update = trpc.live.updateChannel.useMutation({ onSuccess: done });
  const mutation = channel ? update : create;
  return (
    <StreamableForm
      initial={channel}
      withPublic
      // a fresh one each time (a cached answer may have been taken since)
      generate={async (base) => (await utils.live.streamPath.fetch({ base }, { staleTime: 0 })).streamPath}
      onSubmit={(fields) => {
        const sent = { ...fields, public: fields.public ?? true, thumbnailId: channel?.thumbnailId };
        if (channel) update.mutate({ channelId: channel.channelId, ...sent });
        else create.mutate(sent);
      }}
      pending={mutation.isPending}
      error={mutation.error}
      submitLabel={channel ? t("save") : t("createTheChannel")}
      ariaLabel={channel ? t("editChannel") : t("createChannel")}
      onCancel={onCancel}
    />
  );
}
