"use client";

import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import type { CastChannelView } from "@/server/domain/cast/cast-views";
import { Dialog } from "@/components/dialog";
import { FormStatus } from "@/components/form/form-status";
import { useHydrated } from "@/components/form/submit-button";
import { castChannelPath, castDayPath, castStreamUrlPath, castXmltvPath } from "@/lib/cast-urls";
import { localDay } from "@/lib/cast-days";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
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
  const t = useTranslations("cast.studio");
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
          {t("channel")}{" "}
          <span className={locked ? "badge badge--danger" : "badge badge--muted"} data-testid="cast-lock-state">
            {locked ? t("locked") : t("unlocked")}
          </span>
        </h2>
        <dl className="live-facts">
          <dt>{t("streamPath")}</dt>
          <dd>
            <code>{streamPath}</code>
          </dd>
          <dt>{t("forIptv")}</dt>
          <dd>
            <a href={castStreamUrlPath(channelId)}>{t("streamM3u8")}</a> · <a href={castXmltvPath(channelId)}>{t("guideXmltv")}</a>
          </dd>
          {description && (
            <>
              <dt>{t("description")}</dt>
              <dd className="prewrap">{description}</dd>
            </>
          )}
        </dl>
        {locked && <p className="notice notice--info">{t("lockedNotice")}</p>}
        <FormStatus error={errorMessageOf(remove.error ?? lock.error)} />
        <div className="actions">
          {hydrated && (
            <Link className="button" href={castDayPath(channelId, localDay())} data-testid="cast-today-link">
              {t("todayProgramming")}
            </Link>
          )}
          <a className="button button--secondary" href={castChannelPath(channelId)} data-testid="cast-public-link">
            {t("publicPage")}
          </a>
          <button
            type="button"
            className="button button--secondary"
            disabled={lock.isPending}
            onClick={() => lock.mutate({ channelId, name, streamPath, description, tags, thumbnailId, locked: !locked })}
            data-testid="cast-lock-toggle"
          >
            {locked ? t("unlock") : t("lock")}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
            {t("edit")}
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={() => {
              if (window.confirm(t("confirmDeleteChannel", { name }))) remove.mutate({ channelId });
            }}
          >
            {t("delete")}
          </button>
        </div>
      </section>
      <CastPreview channelId={channelId} name={name} />
      {hydrated ? <CastCalendar channel={channel} /> : <p className="muted">{t("loadingCalendar")}</p>}
      {editing && (
        <Dialog title={t("editChannel")} onClose={() => setEditing(false)} testId="cast-channel-dialog">
          <CastChannelForm
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
    </>
  );
}
