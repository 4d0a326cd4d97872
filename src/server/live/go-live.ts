import { z } from "zod";
import type { Ctx } from "@/server/domain/context";
import { requireUserId } from "@/server/domain/context";
import { notFound } from "@/server/domain/errors";
import { env } from "@/server/env";
import { RTMP_APP } from "@/server/media/edge/live-layout.mjs";
import { signMediaTree } from "@/server/media/signed-url";
import { ingestHealth, type IngestHealth } from "./ingest-health";
import { onAirEventAt } from "./on-air";
import { publishingStreams } from "./rtmp-stat";

// The Go-live panel of a channel (portal /live/channels/<id>/go-live): what the owner types into
// OBS, whether the channel is on air, the ingest's health and a preview. Owner only: another user's
// channel is "not found", as everywhere.

export const goLiveInput = z.object({ channelId: z.uuid() });

async function ownedChannel(ctx: Ctx, channelId: string) {
  const userId = requireUserId(ctx);
  const channel = await ctx.db.liveChannel.findUnique({
    where: { id: channelId },
    select: { id: true, ownerId: true, name: true, streamPath: true, owner: { select: { userCode: true, livePasswordHash: true } } },
  });
  if (!channel || channel.ownerId !== userId) throw notFound();
  return channel;
}

/** `rtmp://<public host>:<RTMP_PORT>/live`: the host the caller reaches us by (or PUBLIC_URL's). */
export function streamingBaseUrl(baseUrl: string | undefined): string {
  const host = new URL(baseUrl ?? env().publicUrl).hostname;
  return `rtmp://${host}:${env().RTMP_PORT}/${RTMP_APP}`;
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
    serverUrl: streamingBaseUrl(ctx.baseUrl),
    streamKey: `${channel.streamPath}?user=${channel.owner.userCode}&password=`,
    livePasswordSet: channel.owner.livePasswordHash !== null,
    previewUrl: liveMasterUrl(channel, ctx.baseUrl),
    recommended: { keyframeIntervalSeconds: env().LIVE_SEGMENT_SECONDS, videoCodec: "H.264 (x264)", audioCodec: "AAC" },
  };
}

export interface GoLiveStatus {
  /** Whether the channel's encoder is publishing now (an open session that nginx-rtmp confirms). */
  onAir: boolean;
  since?: Date;
  /** The event on air now, if any (its window contains now). */
  event?: { id: string; name: string; recordEvent: boolean };
  health?: IngestHealth;
  /** Whether the RTMP ingest answers on this machine. */
  ingestRunning: boolean;
}

export async function goLiveStatus(ctx: Ctx, input: z.output<typeof goLiveInput>): Promise<GoLiveStatus> {
  const channel = await ownedChannel(ctx, input.channelId);
  const [session, event, streams] = await Promise.all([
    ctx.db.liveSession.findUnique({ where: { openChannelId: channel.id }, select: { streamPath: true, clientId: true, startedAt: true } }),
    onAirEventAt(ctx.db, channel.id, new Date()),
    publishingStreams(),
  ]);
  const stream = session ? streams?.find((s) => s.name === session.streamPath && s.publisherIds.includes(session.clientId)) : undefined;
  return {
    onAir: stream !== undefined,
    since: stream ? session!.startedAt : undefined,
    event: event ? { id: event.id, name: event.name, recordEvent: event.recordEvent } : undefined,
    health: stream ? await ingestHealth(stream) : undefined,
    ingestRunning: streams !== undefined,
  };
}
