import path from "node:path";
import type { Db } from "@/server/db/client";
import { env } from "@/server/env";
import { livePaths } from "@/server/media/edge/live-layout.mjs";
import { castPublishEnded, castPublishStarted } from "@/server/media/live/cast-publishing";
import { LIVE_PASSTHROUGH, linkLiveHome, liveHomeDir } from "@/server/media/live/live-dirs";
import { checkPublisher, type PublishDecision, type PublishRequest } from "./publish-hooks";

// Cast streams through the live ingest (nginx-rtmp's application `cast`, media/edge/nginx-rtmp.mjs):
// admitted with the live channels' credentials (the owner's userCode and live password); their HLS
// (DATA_DIR/live/cast/<streamPath>) is linked into the stream's place in the live tree
// (live/<ownerId>/<streamId>/src), where the stream test plays it and the cast playout relays it.
// nginx-rtmp itself admits one publisher per stream name. Which ingest node took the current publisher,
// and since when, is kept in the database (media/live/cast-publishing.ts), read by every node's playout.

/**
 * Links the stream's HLS into its place in the live tree and writes its master playlist (the
 * passthrough). The previous publish's fragments stay: nginx-rtmp continues the playlist after a
 * discontinuity, and what already aired keeps its place in the playout.
 */
const linkStreamDir = (ownerId: string, streamId: string, streamPath: string) =>
  linkLiveHome(
    liveHomeDir(ownerId, streamId),
    [{ name: LIVE_PASSTHROUGH, dir: path.join(livePaths(env().dataDir).castHlsDir, streamPath) }],
    false,
  );

export async function admitCastPublish(db: Db, r: PublishRequest): Promise<PublishDecision> {
  const stream = await db.castStream.findUnique({ where: { streamPath: r.name }, select: { id: true, ownerId: true } });
  if (!stream) return { ok: false, reason: "unknown-path" };
  const refusal = await checkPublisher(db, stream.ownerId, r);
  if (refusal) return { ok: false, reason: refusal };
  await linkStreamDir(stream.ownerId, stream.id, r.name);
  await castPublishStarted(db, stream.id, r.clientId);
  return { ok: true, sessionId: stream.id };
}

/** on_publish_done: the stream has no publisher any more (the playout plays the slate after its last segment). */
export async function endCastPublish(db: Db, r: { name: string; clientId: string }): Promise<void> {
  const stream = await db.castStream.findUnique({ where: { streamPath: r.name }, select: { id: true } });
  if (stream) await castPublishEnded(db, stream.id, r.clientId);
}
