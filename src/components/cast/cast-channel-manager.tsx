"use client";

import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { CastChannelView } from "@/server/domain/cast/cast-views";
import { Dialog } from "@/components/dialog";
import { FormStatus } from "@/components/form/form-status";
import { useHydrated } from "@/components/form/submit-button";
import { castChannelPath, castDayPath, castStreamUrlPath, castXmltvPath } from "@/lib/cast-urls";
import { localDay } from "@/lib/cast-days";
import { errorMessageOf } from "@/lib/trpc/errors";
import { trpc } from "@/lib/trpc/react";
import { CastCalendar } from "./cast-calendar";
import { CastChannelForm } from "./cast-forms";
import { CastPreview } from "./cast-preview";

/**
 * One of the creator's cast channels in the portal: its settings (edit, delete), lock and unlock
 * (the whole channel posted back with `locked`: while locked its programming cannot change), a
 * preview of its output, and its month calendar.
 */
export function CastChannelManager({ channel: initial }: { channel: CastChannelView }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [channel, setChannel] = useState(initial);
  const [editing, setEditing] = useState(false);
  const remove = trpc.cast.deleteChannel.useMutation({ onSuccess: () => router.push("/cast") });
  const lock = trpc.cast.updateChannel.useMutation({ onSuccess: setChannel });
  const { channelId, name, streamPath, description, tags, thumbnailId, locked } = channel;
  return (
    <>
      <section className="card" aria-labelledby="channel-title">
        <h2 id="channel-title">
          Channel{" "}
          <span className={locked ? "badge badge--danger" : "badge badge--muted"} data-testid="cast-lock-state">
            {locked ? "Locked" : "Unlocked"}
          </span>
        </h2>
        <dl className="live-facts">
          <dt>Stream path</dt>
          <dd>
            <code>{streamPath}</code>
          </dd>
          <dt>For IPTV apps</dt>
          <dd>
            <a href={castStreamUrlPath(channelId)}>Stream (M3U8)</a> · <a href={castXmltvPath(channelId)}>Guide (XMLTV)</a>
          </dd>
          {description && (
            <>
              <dt>Description</dt>
              <dd className="prewrap">{description}</dd>
            </>
          )}
        </dl>
        {locked && (
          <p className="notice notice--info">While the channel is locked, its programming cannot change: unlock it to edit days.</p>
        )}
        <FormStatus error={errorMessageOf(remove.error ?? lock.error)} />
        <div className="actions">
          {hydrated && (
            <Link className="button" href={castDayPath(channelId, localDay())} data-testid="cast-today-link">
              Today&apos;s programming
            </Link>
          )}
          <a className="button button--secondary" href={castChannelPath(channelId)} data-testid="cast-public-link">
            Public page
          </a>
          <button
            type="button"
            className="button button--secondary"
            disabled={lock.isPending}
            onClick={() => lock.mutate({ channelId, name, streamPath, description, tags, thumbnailId, locked: !locked })}
            data-testid="cast-lock-toggle"
          >
            {locked ? "Unlock" : "Lock"}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
            Edit
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={() => {
              if (window.confirm(`Delete the channel "${name}" and all its programming?`)) remove.mutate({ channelId });
            }}
          >
            Delete
          </button>
        </div>
      </section>
      <CastPreview channelId={channelId} name={name} />
      {hydrated ? <CastCalendar channel={channel} /> : <p className="muted">Loading the calendar…</p>}
      {editing && (
        <Dialog title="Edit the channel" onClose={() => setEditing(false)} testId="cast-channel-dialog">
          <CastChannelForm
            channel={channel}
            onSaved={(saved) => {
              setChannel(saved);
              setEditing(false);
              router.refresh();
            }}
            onCancel={() => setEditing(false)}
          />
        </Dialog>
      )}
    </>
  );
}
