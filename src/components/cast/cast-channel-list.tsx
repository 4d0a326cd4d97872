"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { CardList } from "@/components/card-list";
import { castChannelAdminPath, castChannelPath, castDayPath } from "@/lib/cast-urls";
import { localDay } from "@/lib/cast-days";
import { trpc } from "@/lib/trpc/react";
import type { CastChannelView } from "@/server/domain/cast/cast-views";
import { CastChannelForm } from "./cast-forms";

/** The creator's cast channels: search, pages; create one (then its page: calendar, lock, preview). */
export function CastChannelList() {
  const router = useRouter();
  return (
    <CardList<CastChannelView>
      noun="channel"
      testId="cast-channel"
      intro="Channels that play like television: days programmed from your box, breaks and live slots."
      emptyText="You have no cast channel yet: create one, then program its days from your box."
      useSearch={trpc.cast.searchChannels.useQuery}
      keyOf={(c) => c.channelId}
      card={(c) => (
        <>
          <h3>
            <Link href={castChannelAdminPath(c.channelId)}>{c.name}</Link> {c.locked && <span className="badge badge--muted">Locked</span>}
          </h3>
          <p className="muted">
            <code>{c.streamPath}</code>
          </p>
          <div className="actions">
            <Link className="button button--secondary" href={castChannelAdminPath(c.channelId)}>
              Calendar<span className="visually-hidden"> of {c.name}</span>
            </Link>
            <Link className="button button--secondary" href={castDayPath(c.channelId, localDay())}>
              Today<span className="visually-hidden"> on {c.name}</span>
            </Link>
            <a className="button button--secondary" href={castChannelPath(c.channelId)}>
              Public page<span className="visually-hidden"> of {c.name}</span>
            </a>
          </div>
        </>
      )}
      createForm={(close) => <CastChannelForm onSaved={(c) => router.push(castChannelAdminPath(c.channelId))} onCancel={close} />}
    />
  );
}
