"use client";

import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import type { LiveChannelView } from "@/server/domain/live/channel-view";
import type { LiveEventView } from "@/server/domain/live/event-view";
import { DataTable } from "@/components/data-table";
import { Dialog } from "@/components/dialog";
import { FormStatus } from "@/components/form/form-status";
import { useHydrated } from "@/components/form/submit-button";
import { formatAccessTime, formatPrice } from "@/lib/format";
import { goLivePath, liveChannelPath, liveEventPath } from "@/lib/live-urls";
import { eventAnalyticsPath } from "@/lib/analytics-urls";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { ChannelForm } from "./channel-form";
import { EventForm } from "./event-form";

// the viewer's own time zone, once hydrated (the server's HTML says UTC: formatAccessTime); an Italian
// page in Italian, an English one in the browser's own English
const whenFormats = {
  en: new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }),
  it: new Intl.DateTimeFormat("it-IT", { dateStyle: "medium", timeStyle: "short" }),
};

/**
 * One of the creator's channels in the portal: its settings (edit, delete: refused while it has
 * events), the link to its Go-live panel, and its events, past ones included (schedule, edit,
 * delete), shown in the viewer's own time.
 */
export function ChannelManager({ channel: initial, currency }: { channel: LiveChannelView; currency: string }) {
  const router = useRouter();
  const t = useTranslations("live.studio");
  const tl = useTranslations("live");
  const locale = useLocale();
  const hydrated = useHydrated();
  const at = (d: Date) => (hydrated ? whenFormats[locale === "it" ? "it" : "en"].format(d) : formatAccessTime(d, locale));
  const utils = trpc.useUtils();
  const [channel, setChannel] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [eventDialog, setEventDialog] = useState<{ event?: LiveEventView } | undefined>();
  const [notice, setNotice] = useState<string>();
  const events = trpc.live.searchEvents.useQuery({ channelId: channel.channelId, pastIncluded: true, pageSize: 100, pageIndex: 0 });
  const removeChannel = trpc.live.deleteChannel.useMutation({ onSuccess: () => router.push("/live") });
  const removeEvent = trpc.live.deleteEvent.useMutation({
    onSuccess: async () => {
      setNotice(t("eventDeleted"));
      await utils.live.searchEvents.invalidate();
    },
  });

  const items = events.data?.items ?? [];
  const now = Date.now();
  return (
    <>
      <section className="card" aria-labelledby="channel-title">
        <h2 id="channel-title">{t("channel")}</h2>
        <dl className="live-facts">
          <dt>{t("streamPath")}</dt>
          <dd>
            <code data-testid="channel-stream-path">{channel.streamPath}</code>
          </dd>
          <dt>{t("server")}</dt>
          <dd>
            <code>{channel.streamingBaseUrl}</code>
          </dd>
          <dt>{t("listing")}</dt>
          <dd>{channel.public ? t("listedPublic") : t("unlistedLink")}</dd>
          {channel.description && (
            <>
              <dt>{t("description")}</dt>
              <dd className="prewrap">{channel.description}</dd>
            </>
          )}
        </dl>
        <FormStatus error={errorMessageOf(removeChannel.error)} />
        <div className="actions">
          <Link className="button" href={goLivePath(channel.channelId)} data-testid="go-live-link">
            {t("goLive")}
          </Link>
          <a className="button button--secondary" href={liveChannelPath(channel.channelId)} data-testid="public-page-link">
            {t("publicPage")}
          </a>
          <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
            {t("edit")}
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={() => {
              if (window.confirm(t("confirmDeleteChannel", { name: channel.name }))) removeChannel.mutate({ channelId: channel.channelId });
            }}
          >
            {t("delete")}
          </button>
        </div>
      </section>
      <section className="card" aria-labelledby="events-title">
        <div className="page-head">
          <h2 id="events-title">{t("events")}</h2>
          <button type="button" className="button" onClick={() => setEventDialog({})} data-testid="event-create">
            {t("scheduleEvent")}
          </button>
        </div>
        <FormStatus error={errorMessageOf(events.error ?? removeEvent.error)} />
        {notice && (
          <p className="notice notice--info" role="status">
            {notice}
          </p>
        )}
        {!events.data && !events.error && <p className="muted">{t("loading")}</p>}
        {events.data && items.length === 0 && (
          <p className="muted" data-testid="event-empty">
            {t("noEvent")}
          </p>
        )}
        {items.length > 0 && (
          <DataTable
            caption={t("eventsCaption")}
            stack
            testId="event-table"
            columns={[
              { label: t("colEvent") },
              { label: t("colWhen") },
              { label: t("colAccess") },
              { label: t("colActions"), hiddenLabel: true },
            ]}
          >
            {items.map((e) => (
              <tr key={e.eventId} data-testid="event-row">
                <td data-label={t("colEvent")}>
                  <a href={liveEventPath(e.eventId)}>{e.name}</a> {e.onAir && <span className="badge badge--danger">{tl("onAir")}</span>}
                  {e.endsAt.getTime() <= now && (
                    <span className="badge badge--muted">{e.recordingBoxItemId ? tl("replay") : t("over")}</span>
                  )}
                  {!e.publicEvent && <span className="badge badge--muted">{t("unlisted")}</span>}
                </td>
                <td data-label={t("colWhen")}>
                  {at(e.startsAt)} – {at(e.endsAt)}
                </td>
                <td data-label={t("colAccess")}>
                  {e.paymentMode === "PAY_PER_VIEW" && e.pricePerViewCents !== undefined
                    ? formatPrice(e.pricePerViewCents, currency, locale)
                    : tl("free")}
                </td>
                <td className="actions">
                  <button type="button" className="button button--secondary" onClick={() => setEventDialog({ event: e })}>
                    {t("edit")}
                    <span className="visually-hidden"> {e.name}</span>
                  </button>
                  <Link href={eventAnalyticsPath(e.eventId)} className="button button--secondary">
                    {t("analytics")}
                    <span className="visually-hidden"> {e.name}</span>
                  </Link>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => {
                      if (window.confirm(t("confirmDeleteEvent", { name: e.name }))) removeEvent.mutate({ eventId: e.eventId });
                    }}
                  >
                    {t("delete")}
                    <span className="visually-hidden"> {e.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
      {editing && (
        <Dialog title={t("editChannel")} onClose={() => setEditing(false)} testId="channel-dialog">
          <ChannelForm
            initial={channel}
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
          title={eventDialog.event ? t("editEvent") : t("scheduleEvent")}
          onClose={() => setEventDialog(undefined)}
          testId="event-dialog"
        >
          <EventForm
            channelId={channel.channelId}
            event={eventDialog.event}
            currency={currency}
            onSaved={(saved) => {
              setEventDialog(undefined);
              setNotice(t("saved", { name: saved.name }));
            }}
            onCancel={() => setEventDialog(undefined)}
          />
        </Dialog>
      )}
    </>
  );
}
