import { stat } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { optionalUserId } from "@/server/core/context";
import type { Db } from "@/server/db/client";
import { loadAudienceChannel } from "./channel-view";
import { env } from "@/server/env";
import { livePaths } from "@/server/media/edge/live-layout.mjs";

// Whether a channel's stream is arriving now: what the live pages' LIVE badge says. A publish is a
// LiveSession, open from nginx-rtmp's on_publish until its on_publish_done (an encoder that stops,
// or whose connection drops); and while it is open, nginx-rtmp appends a fragment to the stream's
// playlist every LIVE_SEGMENT_SECONDS. A playlist unchanged for STALE_MS (an ingest that died
// without its callback) is a stream that stopped too.

/** A playlist left unchanged this long is a stream that is not arriving. */
export const STALE_MS = 8_000;

export const streamStateInput = z.object({ channelId: z.string() });

export interface StreamState {
  /** The encoder is publishing and its fragments keep coming. */
  arriving: boolean;
  /** When the current publish began (arriving only). */
  since?: Date;
}

/**
 * A channel's stream state from its open session and its playlist's age. Without the playlist on
 * this machine (another launcher runs the ingest) the open session alone says it; during the first
 * fragment of a publish the session alone says it too.
 */
export async function channelStreamState(db: Db, channelId: string, now = Date.now()): Promise<StreamState> {
  const session = await db.liveSession.findUnique({ where: { openChannelId: channelId }, select: { streamPath: true, startedAt: true } });
  if (!session) return { arriving: false };
  const playlist = path.join(livePaths(env().dataDir).hlsDir, session.streamPath, "index.m3u8");
  const changed = await stat(playlist).then(
    (s) => s.mtimeMs,
    () => undefined,
  );
  const fresh = changed === undefined || now - Math.max(changed, session.startedAt.getTime()) < STALE_MS;
  return fresh ? { arriving: true, since: session.startedAt } : { arriving: false };
}

/** Every viewer of a channel polls its state: one read per channel and process serves them for this long. */
const SHARED_MS = 1000;
const recent = new Map<string, { at: number; state: Promise<StreamState> }>();

function sharedStreamState(db: Db, channelId: string): Promise<StreamState> {
  const now = Date.now();
  const hit = recent.get(channelId);
  if (hit && now - hit.at < SHARED_MS) return hit.state;
  if (recent.size > 10_000) recent.clear();
  const state = channelStreamState(db, channelId, now);
  recent.set(channelId, { at: now, state });
  state.catch(() => recent.delete(channelId));
  return state;
}

/** The audience's read of a channel's stream state (tRPC live.streamState; 404 for a channel the caller cannot reach). */
export async function streamState(ctx: Ctx, input: z.output<typeof streamStateInput>): Promise<StreamState> {
  const channel = await loadAudienceChannel(ctx.db, optionalUserId(ctx), input.channelId);
  return sharedStreamState(ctx.db, channel.view.channelId);
}
