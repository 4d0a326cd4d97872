"use client";

import { useTranslations } from "next-intl";
import type { CastChannelView, CastStreamView } from "@/server/domain/cast/cast-views";
import { StreamableForm } from "@/components/live/streamable-form";
import { trpc } from "@/components/trpc/react";

/** A fresh stream path from a name (a cached answer may have been taken since). */
function useGenerate() {
  const utils = trpc.useUtils();
  return async (base: string) => (await utils.cast.streamPath.fetch({ base }, { staleTime: 0 })).streamPath;
}

/** A cast channel's name, stream path, description and tags: creates one, or saves one (its lock kept). */
export function CastChannelForm({
  channel,
  onSaved,
  onCancel,
}: {
  channel?: CastChannelView;
  onSaved: (channel: CastChannelView) => void;
  onCancel?: () => void;
}) {
  const t = useTranslations("cast.studio");
  const utils = trpc.useUtils();
  const done = async (saved: CastChannelView) => {
    await utils.cast.searchChannels.invalidate();
    onSaved(saved);
  };
  const create = trpc.cast.createChannel.useMutation({ onSuccess: done });
  const update = trpc.cast.updateChannel.useMutation({ onSuccess: done });
  const mutation = channel ? update : create;
  return (
    <StreamableForm
      initial={channel}
      generate={useGenerate()}
      onSubmit={(fields) => {
        const sent = { ...fields, thumbnailId: channel?.thumbnailId, locked: channel?.locked ?? false };
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

/** A cast stream's name, stream path, description and tags: creates one, or saves one. */
export function CastStreamForm({
  stream,
  onSaved,
  onCancel,
}: {
  stream?: CastStreamView;
  onSaved: (stream: CastStreamView) => void;
  onCancel?: () => void;
}) {
  const t = useTranslations("cast.studio");
  const utils = trpc.useUtils();
  const done = async (saved: CastStreamView) => {
    await utils.cast.searchStreams.invalidate();
    onSaved(saved);
  };
  const create = trpc.cast.createStream.useMutation({ onSuccess: done });
  const update = trpc.cast.updateStream.useMutation({ onSuccess: done });
  const mutation = stream ? update : create;
  return (
    <StreamableForm
      initial={stream}
      generate={useGenerate()}
      onSubmit={(fields) => {
        const sent = { ...fields, thumbnailId: stream?.thumbnailId };
        if (stream) update.mutate({ streamId: stream.streamId, ...sent });
        else create.mutate(sent);
      }}
      pending={mutation.isPending}
      error={mutation.error}
      submitLabel={stream ? t("save") : t("createTheStream")}
      ariaLabel={stream ? t("editStream") : t("createStream")}
      onCancel={onCancel}
    />
  );
}
