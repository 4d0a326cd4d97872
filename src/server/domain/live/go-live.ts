import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { notFound } from "@/server/core/errors";
import { env } from "@/server/env";
import { RTMP_APP } from "@/server/media/edge/live-layout.mjs";
import { signMediaTree } from "@/server/media/signed-url";
import { ingestHealth, type IngestHealth } from "@/server/media/live/ingest-health";
import { rtmpBaseUrl } from "@/server/media/live/ingest-address";
import { onAirEventAt } from "./on-air";
import { publishingStreams } from "@/server/media/live/rtmp-stat";
import { countAliveNodes, isNodeAlive } from "@/server/lease/cluster-nodes";
import { processId } from "@/server/lease/process-id";

// The Go-live panel of a channel (portal /live/channels/<id>/go-live): what the owner types into
// OBS, whether the channel is on air, the ingest's health and a preview. Owner only: another user's
// channel is "not found", as everywhere.

export const goLiveInput = z.object({ channelId: z.uuid() });

export async function ownedChannel(ctx: Ctx, channelId: string) {
  const userId = requireUserId(ctx);
  const channel = await ctx.db.liveChannel.findUnique({
    where: { id: channelId },
    select: {
      id: true,
      ownerId: true,
      name: true,
      streamPath: true,
      owner: { select: { userCode: true, livePasswordHash: true, livePasswordSealed: true } },
    },
  });
  if (!channel || channel.ownerId !== userId) throw notFound();
  return channel;
}

function liveMasterUrl(channel: { id: string; ownerId: string }, baseUrl: string | undefined): string {
  const signed = signMediaTree("live", { bandOwnerId: channel.ownerId, ownerId: channel.ownerId, boxId: channel.id }, { baseUrl });
  return `${signed.baseUrl}master.m3u8`;
}

export interface GoLiveSettings {
  channelId: string;
  name: string;
  /** OBS "Server". */
  serverUrl: string;
  /** OBS "Stream key" without the password (typed by the owner: it is never shown). */
  streamKey: string;
  livePasswordSet: boolean;
  /** The signed master playlist of the channel's live HLS (the preview player; valid MEDIA_URL_TTL). */
  previewUrl: string;
  recommended: { keyframeIntervalSeconds: number; videoCodec: string; audioCodec: string };
}

export async function goLiveSettings(ctx: Ctx, input: z.output<typeof goLiveInput>): Promise<GoLiveSettings> {
  const channel = await ownedChannel(ctx, input.channelId);
  return {
    channelId: channel.id,
    name: channel.name,
    serverUrl: rtmpBaseUrl(ctx.baseUrl, RTMP_APP),
    streamKey: `${channel.streamPath}?user=${channel.owner.userCode}&password=`,
    livePasswordSet: channel.owner.livePasswordHash !== null,
    previewUrl: liveMasterUrl(channel, ctx.baseUrl),
    recommended: { keyframeIntervalSeconds: env().LIVE_SEGMENT_SECONDS, videoCodec: "H.264 (x264)", audioCodec: "AAC" },
  };
}

/**
 * Where the channel's stream is, as the owner reads it: waiting for the encoder (nothing published
 * since the event on air began, or at all), receiving, stopped (the encoder stopped; the event on
 * air, if any, goes on and a new publish resumes it), ended (the last event is over since the last
 * publish).
 */
export type StreamStage = "waiting" | "receiving" | "stopped" | "ended";

/** The recording of the channel's current or last recorded event: being made, processed, ready, failed. */
export interface RecordingStatus {
  eventId: string;
  eventName: string;
  status: "pending" | "processing" | "ready" | "failed";
  /** The recording's box item, once it exists. */
  boxId?: string;
}

export interface GoLiveStatus {
  /** Whether the channel's encoder is publishing now (an open session that nginx-rtmp confirms). */
  onAir: boolean;
  since?: Date;
  stage: StreamStage;
  /** The event on air now, if any (its window contains now). */
  event?: { id: string; name: string; recordEvent: boolean };
  /** The event that ended last, when no event is on air. */
  lastEvent?: { id: string; name: string; endedAt: Date };
  recording?: RecordingStatus;
  health?: IngestHealth;
  /** Whether the RTMP ingest answers on this machine. */
  ingestRunning: boolean;
}

const BOX_STATUS = { PROCESSING: "processing", READY: "ready", FAILED: "failed" } as const;

async function recordingOf(
  ctx: Ctx,
  event: { id: string; name: string; recordEvent: boolean; recordingBoxItemId: string | null; startsAt: Date } | null,
  lastPublish: Date | undefined,
): Promise<RecordingStatus | undefined> {
  if (!event?.recordEvent) return undefined;
  const base = { eventId: event.id, eventName: event.name };
  if (!event.recordingBoxItemId) {
    // recorded when something was published in its window (the recording job runs after the grace)
    return lastPublish && lastPublish >= event.startsAt ? { ...base, status: "pending" } : undefined;
  }
  const item = await ctx.db.boxItem.findUnique({ where: { id: event.recordingBoxItemId }, select: { status: true } });
  if (!item) return undefined;
  return { ...base, status: BOX_STATUS[item.status as keyof typeof BOX_STATUS] ?? "processing", boxId: event.recordingBoxItemId };
}

export async function goLiveStatus(ctx: Ctx, input: z.output<typeof goLiveInput>): Promise<GoLiveStatus> {
  const channel = await ownedChannel(ctx, input.channelId);
  const now = new Date();
  const [session, last, event, lastEvent, streams] = await Promise.all([
    ctx.db.liveSession.findUnique({
      where: { openChannelId: channel.id },
      select: { streamPath: true, clientId: true, startedAt: true, nodeId: true },
    }),
    ctx.db.liveSession.findFirst({
      where: { channelId: channel.id },
      orderBy: { startedAt: "desc" },
      select: { startedAt: true, endedAt: true },
    }),
    onAirEventAt(ctx.db, channel.id, now),
    ctx.db.liveEvent.findFirst({
      where: { channelId: channel.id, endsAt: { lte: now } },
      orderBy: { endsAt: "desc" },
      select: { id: true, name: true, recordEvent: true, recordingBoxItemId: true, startsAt: true, endsAt: true },
    }),
    publishingStreams(),
  ]);
  const stream = session ? streams?.find((s) => s.name === session.streamPath && s.publisherIds.includes(session.clientId)) : undefined;
  // a publish another ingest node took (its nginx-rtmp's statistics are not read from here)
  const elsewhere = !!session?.nodeId && session.nodeId !== processId() && (await isNodeAlive(ctx.db, session.nodeId));
  const receiving = stream !== undefined || elsewhere;
  const lastPublish = last ? (last.endedAt ?? now) : undefined;
  const stage: StreamStage = receiving
    ? "receiving"
    : event
      ? lastPublish && lastPublish > event.startsAt
        ? "stopped"
        : "waiting"
      : lastEvent &&
          lastPublish &&
          lastPublish > lastEvent.startsAt &&
          lastPublish.getTime() <= lastEvent.endsAt.getTime() + STOPPED_SHOWN_MS
        ? "ended"
        : last && last.endedAt && now.getTime() - last.endedAt.getTime() < STOPPED_SHOWN_MS
          ? "stopped"
          : "waiting";
  return {
    onAir: receiving,
    since: receiving ? session!.startedAt : undefined,
    stage,
    event: event ? { id: event.id, name: event.name, recordEvent: event.recordEvent } : undefined,
    lastEvent: !event && lastEvent ? { id: lastEvent.id, name: lastEvent.name, endedAt: lastEvent.endsAt } : undefined,
    recording: await recordingOf(ctx, event ?? lastEvent, lastPublish),
    health: stream ? await ingestHealth(stream) : undefined,
    // this node's nginx-rtmp answers; a node without the ingest role counts the alive ingest nodes
    ingestRunning: streams !== undefined || (!env().KINORA_ROLES.includes("ingest") && (await countAliveNodes(ctx.db, "ingest")) > 0),
  };
}

/** Without an event, a stopped stream is said to be stopped this long, then the panel waits again. */
const STOPPED_SHOWN_MS = 10 * 60_000;
