"use client";

import Link from "next/link";
import { HlsPlayer } from "@/components/box/hls-player";
import { liveEventPath } from "@/lib/live-urls";
import { errorMessageOf } from "@/lib/trpc/errors";
import { trpc } from "@/lib/trpc/react";
import type { GoLiveSettings, GoLiveStatus, RecordingStatus, StreamStage } from "@/server/live/go-live";
import { EncoderSettings } from "./encoder-settings";
import { StreamKeyField } from "./stream-key-field";

const STATUS_POLL_MS = 2000;

const show = (v: number | undefined, unit = "") => (v === undefined ? "—" : `${v}${unit}`);

const STAGES: Record<StreamStage, { label: string; badge: string }> = {
  waiting: { label: "Waiting for the encoder", badge: "badge" },
  receiving: { label: "Receiving", badge: "badge badge--danger" },
  stopped: { label: "Stopped", badge: "badge badge--muted" },
  ended: { label: "Ended", badge: "badge badge--muted" },
};

/** What the owner is told under the stage: what viewers see, and what to do. */
function stageText(s: GoLiveStatus): string {
  switch (s.stage) {
    case "waiting":
      return s.event
        ? `${s.event.name} is on air: start streaming in your encoder with the settings above.`
        : "Start streaming in your encoder with the settings above; viewers see the stream once an event starts.";
    case "receiving":
      return s.event
        ? `Viewers of ${s.event.name} see your stream${s.event.recordEvent ? "; it is recorded into your box" : ""}.`
        : "No event is on air now: viewers see the stream once an event starts.";
    case "stopped":
      return s.event
        ? `Your encoder stopped. ${s.event.name} is still on air: viewers are told the stream stopped, and see it again when you restart.`
        : "Your encoder stopped.";
    case "ended":
      return s.lastEvent ? `${s.lastEvent.name} is over.` : "The event is over.";
  }
}

const RECORDING: Record<RecordingStatus["status"], string> = {
  pending: "being made (it starts shortly after the stream ends)",
  processing: "processing in your box",
  ready: "ready",
  failed: "failed: the recording could not be processed",
};

function Recording({ recording }: { recording: RecordingStatus }) {
  return (
    <p data-testid="go-live-recording" data-status={recording.status}>
      Recording of <strong>{recording.eventName}</strong>: {RECORDING[recording.status]}
      {recording.status === "ready" && (
        <>
          {" · "}
          <Link href={liveEventPath(recording.eventId)}>Watch the replay</Link>
          {" · "}
          <Link href="/box">Open your box</Link>
        </>
      )}
    </p>
  );
}

/** The Go-live panel: OBS settings (the whole stream key), then the stream's stage, the recording, ingest health and a preview, polled every 2 s. */
export function GoLivePanel({ settings }: { settings: GoLiveSettings }) {
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
          Status:{" "}
          <span data-testid="go-live-stage" data-stage={s?.stage} className={s ? STAGES[s.stage].badge : "badge"}>
            {s === undefined ? "…" : STAGES[s.stage].label}
          </span>
        </h2>
        {status.error && <p className="notice notice--error">{errorMessageOf(status.error)}</p>}
        {s && !s.ingestRunning && <p className="notice notice--info">Live ingest is not running on this server.</p>}
        {s && <p data-testid="go-live-stage-text">{stageText(s)}</p>}
        {s?.recording && <Recording recording={s.recording} />}
        <dl className="stats" data-testid="go-live-health">
          <dt>Bitrate</dt>
          <dd data-testid="go-live-bitrate">{show(health?.bitrateKbps, " kbit/s")}</dd>
          <dt>Keyframe interval</dt>
          <dd data-testid="go-live-gop">
            {show(health?.keyframeIntervalSeconds, " s")}
            {!gopOk && ` (set ${settings.recommended.keyframeIntervalSeconds} s for low latency)`}
          </dd>
          <dt>Frame rate</dt>
          <dd data-testid="go-live-fps">{show(health?.fps, " fps")}</dd>
          <dt>Resolution</dt>
          <dd>{health?.width && health.height ? `${health.width}×${health.height}` : "—"}</dd>
        </dl>
      </section>

      <section className="card">
        <h2>Preview</h2>
        <HlsPlayer src={settings.previewUrl} title={settings.name} live />
      </section>
    </>
  );
}
