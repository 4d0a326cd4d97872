"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { CardList } from "@/components/card-list";
import { goLivePath, liveChannelAdminPath, liveChannelPath } from "@/lib/live-urls";
import { trpc } from "@/lib/trpc/react";
import type { LiveChannelView } from "@/server/domain/live/channel-view";
import { ChannelForm } from "./channel-form";

/** The creator's live channels: search, pages; create one (then its page, to schedule events). */
export function ChannelList() {
  const router = useRouter();
  return (
    <CardList<LiveChannelView>
      noun="channel"
      intro="Channels you stream to from OBS or ffmpeg, and the events you schedule on them."
      emptyText="You have no channel yet: create one, then schedule an event and go live."
      useSearch={trpc.live.searchChannels.useQuery}
      keyOf={(c) => c.channelId}
      card={(c) => (
        <>
          <h3>
            <Link href={liveChannelAdminPath(c.channelId)}>{c.name}</Link>
          </h3>
          <p className="muted">
            <code>{c.streamPath}</code> · {c.public ? "Listed" : "Unlisted"}
          </p>
          <div className="actions">
            <Link className="button button--secondary" href={liveChannelAdminPath(c.channelId)}>
              Manage<span className="visually-hidden"> {c.name}</span>
            </Link>
            <Link className="button button--secondary" href={goLivePath(c.channelId)}>
              Go live<span className="visually-hidden"> on {c.name}</span>
            </Link>
            <a className="button button--secondary" href={liveChannelPath(c.channelId)}>
              Public page<span className="visually-hidden"> of {c.name}</span>
            </a>
          </div>
        </>
      )}
      createForm={(close) => <ChannelForm onSaved={(c) => router.push(liveChannelAdminPath(c.channelId))} onCancel={close} />}
    />
  );
}
