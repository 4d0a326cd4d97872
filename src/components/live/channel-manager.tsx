"use client";

import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { LiveChannelView } from "@/server/domain/live/channel-view";
import type { LiveEventView } from "@/server/domain/live/event-view";
import { DataTable } from "@/components/data-table";
import { Dialog } from "@/components/dialog";
import { FormStatus } from "@/components/form/form-status";
import { useHydrated } from "@/components/form/submit-button";
import { formatAccessTime, formatPrice } from "@/lib/format";
import { goLivePath, liveChannelPath, liveEventPath } from "@/lib/live-urls";
import { errorMessageOf } from "@/lib/trpc/errors";
import { trpc } from "@/lib/trpc/react";
import { ChannelForm } from "./channel-form";
import { EventForm } from "./event-form";

// the viewer's own time zone, once hydrated (the server's HTML says UTC: formatAccessTime)
const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * One of the creator's channels in the portal: its settings (edit, delete: refused while it has
 * events), the link to its Go-live panel, and its events, past ones included (schedule, edit,
 * delete), shown in the viewer's own time.
 */
export function ChannelManager({ channel: initial, currency }: { channel: LiveChannelView; currency: string }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const at = (d: Date) => (hydrated ? when.format(d) : formatAccessTime(d));
  const utils = trpc.useUtils();
  const [channel, setChannel] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [eventDialog, setEventDialog] = useState<{ event?: LiveEventView } | undefined>();
  const [notice, setNotice] = useState<string>();
  const events = trpc.live.searchEvents.useQuery({ channelId: channel.channelId, pastIncluded: true, pageSize: 100, pageIndex: 0 });
  const removeChannel = trpc.live.deleteChannel.useMutation({ onSuccess: () => router.push("/live") });
  const removeEvent = trpc.live.deleteEvent.useMutation({
    onSuccess: async () => {
      setNotice("The event was deleted.");
      await utils.live.searchEvents.invalidate();
    },
  });

  const items = events.data?.items ?? [];
  const now = Date.now();
  return (
    <>
      <section className="card" aria-labelledby="channel-title">
        <h2 id="channel-title">Channel</h2>
        <dl className="live-facts">
          <dt>Stream path</dt>
          <dd>
            <code data-testid="channel-stream-path">{channel.streamPath}</code>
          </dd>
          <dt>Server</dt>
          <dd>
            <code>{channel.streamingBaseUrl}</code>
          </dd>
          <dt>Listing</dt>
          <dd>{channel.public ? "Listed in public pages" : "Unlisted: only people with the link find it"}</dd>
          {channel.description && (
            <>
              <dt>Description</dt>
              <dd className="prewrap">{channel.description}</dd>
            </>
          )}
        </dl>
        <FormStatus error={errorMessageOf(removeChannel.error)} />
        <div className="actions">
          <Link className="button" href={goLivePath(channel.channelId)} data-testid="go-live-link">
            Go live
          </Link>
          <a className="button button--secondary" href={liveChannelPath(channel.channelId)} data-testid="public-page-link">
            Public page
          </a>
          <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
            Edit
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={() => {
              if (window.confirm(`Delete the channel "${channel.name}"?`)) removeChannel.mutate({ channelId: channel.channelId });
            }}
          >
            Delete
          </button>
        </div>
      </section>
      <section className="card" aria-labelledby="events-title">
        <div className="page-head">
          <h2 id="events-title">Events</h2>
          <button type="button" className="button" onClick={() => setEventDialog({})} data-testid="event-create">
            Schedule an event
          </button>
        </div>
        <FormStatus error={errorMessageOf(events.error ?? removeEvent.error)} />
        {notice && (
          <p className="notice notice--info" role="status">
            {notice}
          </p>
        )}
        {!events.data && !events.error && <p className="muted">Loading…</p>}
        {events.data && items.length === 0 && (
          <p className="muted" data-testid="event-empty">
            No event yet: schedule one, then go live in its window.
          </p>
        )}
        {items.length > 0 && (
          <DataTable
            caption="Events of the channel"
            stack
            testId="event-table"
            columns={[{ label: "Event" }, { label: "When (your time)" }, { label: "Access" }, { label: "Actions", hiddenLabel: true }]}
          >
            {items.map((e) => (
              <tr key={e.eventId} data-testid="event-row">
                <td data-label="Event">
                  <a href={liveEventPath(e.eventId)}>{e.name}</a> {e.onAir && <span className="badge badge--danger">On air</span>}
                  {e.endsAt.getTime() <= now && <span className="badge badge--muted">{e.recordingBoxItemId ? "Replay" : "Over"}</span>}
                  {!e.publicEvent && <span className="badge badge--muted">Unlisted</span>}
                </td>
                <td data-label="When (your time)">
                  {at(e.startsAt)} – {at(e.endsAt)}
                </td>
                <td data-label="Access">
                  {e.paymentMode === "PAY_PER_VIEW" && e.pricePerViewCents !== undefined
                    ? formatPrice(e.pricePerViewCents, currency)
                    : "Free"}
                </td>
                <td className="actions">
                  <button type="button" className="button button--secondary" onClick={() => setEventDialog({ event: e })}>
                    Edit<span className="visually-hidden"> {e.name}</span>
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => {
                      if (window.confirm(`Delete the event "${e.name}"?`)) removeEvent.mutate({ eventId: e.eventId });
                    }}
                  >
                    Delete<span className="visually-hidden"> {e.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
      {editing && (
        <Dialog title="Edit the channel" onClose={() => setEditing(false)} testId="channel-dialog">
          <ChannelForm
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
      {eventDialog && (
        <Dialog
          title={eventDialog.event ? "Edit the event" : "Schedule an event"}
          onClose={() => setEventDialog(undefined)}
          testId="event-dialog"
        >
          <EventForm
            channelId={channel.channelId}
            event={eventDialog.event}
            currency={currency}
            onSaved={(saved) => {
              setEventDialog(undefined);
              setNotice(`"${saved.name}" was saved.`);
            }}
            onCancel={() => setEventDialog(undefined)}
          />
        </Dialog>
      )}
    </>
  );
}
