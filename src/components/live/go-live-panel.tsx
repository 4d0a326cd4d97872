"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { HlsPlayer } from "@/components/box/hls-player";
import { liveEventPath } from "@/lib/live-urls";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import type { GoLiveSettings, GoLiveStatus, RecordingStatus, StreamStage } from "@/server/domain/live/go-live";
import { EncoderSettings } from "./encoder-settings";
import { StreamKeyField } from "./stream-key-field";

const STATUS_POLL_MS = 2000;

const show = (v: number | undefined, unit = "") => (v === undefined ? "—" : `${v}${unit}`);

type T = ReturnType<typeof useTranslations<"live.studio">>;

const STAGES: Record<StreamStage, { label: "stageWaiting" | "stageReceiving" | "stageStopped" | "stageEnded"; badge: string }> = {
  waiting: { label: "stageWaiting", badge: "badge" },
  receiving: { label: "stageReceiving", badge: "badge badge--danger" },
  stopped: { label: "stageStopped", badge: "badge badge--muted" },
  ended: { label: "stageEnded", badge: "badge badge--muted" },
};

/** What the owner is told under the stage: what viewers see, and what to do. */
function stageText(t: T, s: GoLiveStatus): string {
  switch (s.stage) {
    case "waiting":
      return s.event ? t("waitingOnAir", { name: s.event.name }) : t("waitingNoEvent");
    case "receiving":
      return s.event ? t("receivingEvent", { name: s.event.name, recorded: s.event.recordEvent ? "yes" : "no" }) : t("receivingNoEvent");
    case "stopped":
      return s.event ? t("stoppedEvent", { name: s.event.name }) : t("stoppedNoEvent");
    case "ended":
      return s.lastEvent ? t("endedEvent", { name: s.lastEvent.name }) : t("endedNoEvent");
  }
}

const RECORDING = {
  pending: "recordingPending",
  processing: "recordingProcessing",
  ready: "recordingReady",
  failed: "recordingFailed",
} as const satisfies Record<RecordingStatus["status"], string>;

function Recording({ recording }: { recording: RecordingStatus }) {
  const t = useTranslations("live.studio");
  return (
    <p data-testid="go-live-recording" data-status={recording.status}>
      {t.rich("recordingOf", {
        name: recording.eventName,
        status: t(RECORDING[recording.status]),
        strong: (chunks) => <strong>{chunks}</strong>,
      })}
      {recording.status === "ready" && (
        <>
          {" · "}
          <Link href={liveEventPath(recording.eventId)}>{t("watchReplay")}</Link>
          {" · "}
          <Link href="/box">{t("openBox")}</Link>
        </>
      )}
    </p>
  );
}

/** The Go-live panel: OBS settings (the whole stream key), then the stream's stage, the recording, ingest health and a preview, polled every 2 s. */
export function GoLivePanel({ settings }: { settings: GoLiveSettings }) {
  const t = useTranslations("live.studio");
  const status = trpc.goLive.status.useQuery({ channelId: settings.channelId }, { refetchInterval: STATUS_POLL_MS });
  const s = status.data;
  const health = s?.health;
  const gopOk =
    health?.keyframeIntervalSeconds === undefined || health.keyframeIntervalSeconds <= settings.recommended.keyframeIntervalSeconds + 0.05;
  return (
    <>
      <EncoderSettings settings={settings} keyField={<StreamKeyField channelId={settings.channelId} />} />

      <section className="card" aria-live="polite">
        <h2>
          {t("status")}{" "}
          <span data-testid="go-live-stage" data-stage={s?.stage} className={s ? STAGES[s.stage].badge : "badge"}>
            {s === undefined ? "…" : t(STAGES[s.stage].label)}
          </span>
        </h2>
        {status.error && <p className="notice notice--error">{errorMessageOf(status.error)}</p>}
        {s && !s.ingestRunning && <p className="notice notice--info">{t("ingestNotRunning")}</p>}
        {s && <p data-testid="go-live-stage-text">{stageText(t, s)}</p>}
        {s?.recording && <Recording recording={s.recording} />}
        <dl className="stats" data-testid="go-live-health">
          <dt>{t("bitrate")}</dt>
          <dd data-testid="go-live-bitrate">{show(health?.bitrateKbps, " kbit/s")}</dd>
          <dt>{t("keyframeInterval")}</dt>
          <dd data-testid="go-live-gop">
            {show(health?.keyframeIntervalSeconds, " s")}
            {!gopOk && t("setKeyframe", { seconds: settings.recommended.keyframeIntervalSeconds })}
          </dd>
          <dt>{t("frameRate")}</dt>
          <dd data-testid="go-live-fps">{show(health?.fps, " fps")}</dd>
          <dt>{t("resolution")}</dt>
          <dd>{health?.width && health.height ? `${health.width}×${health.height}` : "—"}</dd>
        </dl>
      </section>

      <section className="card">
        <h2>{t("preview")}</h2>
        <HlsPlayer src={settings.previewUrl} title={settings.name} live />
      </section>
    </>
  );
}
