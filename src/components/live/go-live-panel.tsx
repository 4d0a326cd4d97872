"use client";

import { HlsPlayer } from "@/components/box/hls-player";
import { errorMessageOf } from "@/lib/trpc/errors";
import { trpc } from "@/lib/trpc/react";
import type { GoLiveSettings } from "@/server/live/go-live";
import { EncoderSettings } from "./encoder-settings";

const STATUS_POLL_MS = 2000;

const show = (v: number | undefined, unit = "") => (v === undefined ? "—" : `${v}${unit}`);

/** The Go-live panel: OBS settings, then on-air, ingest health and a preview, polled every 2 s. */
export function GoLivePanel({ settings }: { settings: GoLiveSettings }) {
  const status = trpc.goLive.status.useQuery({ channelId: settings.channelId }, { refetchInterval: STATUS_POLL_MS });
  const s = status.data;
  const health = s?.health;
  const gopOk =
    health?.keyframeIntervalSeconds === undefined || health.keyframeIntervalSeconds <= settings.recommended.keyframeIntervalSeconds + 0.05;
  return (
    <>
      <EncoderSettings settings={settings} />

      <section className="card" aria-live="polite">
        <h2>
          Status:{" "}
          <span data-testid="go-live-on-air" className={s?.onAir ? "badge badge--danger" : "badge"}>
            {s === undefined ? "…" : s.onAir ? "ON AIR" : "Off air"}
          </span>
        </h2>
        {status.error && <p className="notice notice--error">{errorMessageOf(status.error)}</p>}
        {s && !s.ingestRunning && <p className="notice notice--info">Live ingest is not running on this server.</p>}
        {s?.event ? (
          <p>
            Event on air: <strong>{s.event.name}</strong>
            {s.event.recordEvent ? " (recorded into your box when the stream ends)" : ""}
          </p>
        ) : (
          s && <p className="muted">No event is on air now: viewers see the stream once an event starts.</p>
        )}
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
