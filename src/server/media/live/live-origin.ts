// A live home's HLS on another node (docs/deploy.md "Live across nodes"). nginx-rtmp writes a
// publish's HLS on the disk of the ingest node that took it; a web node elsewhere finds that node
// through PostgreSQL (LiveSession.nodeId of the channel's latest publish, CastPublish.nodeId of a cast
// stream's, and the node's ClusterNode.mediaUrl) and its edge fetches the file from that node's
// edge with the same signed path (edge/media-node.mjs), marked as counted in front (COUNTED_HEADER:
// the other node counts no band for it) and as forwarded (FORWARDED_HEADER: it looks no further).
import type { Db } from "@/server/db/client";
import { aliveNode } from "@/server/lease/cluster-nodes";
import { processId } from "@/server/lease/process-id";
import { COUNTED_HEADER, FORWARDED_HEADER, countedSecret } from "@/server/media/edge/live-layout.mjs";
import { mediaKey, signMediaTree } from "@/server/media/signed-url";

/** How long an answer is reused: the owner changes only when a publish starts (on another node). */
const REUSE_MS = 1000;
/** Homes remembered at most (a cache of a few bytes each; cleared when full). */
const MAX_HOMES = 10_000;

const slot = globalThis as unknown as {
  __kinoraLiveOrigins?: Map<string, { at: number; origin: Promise<string | null> }>;
  __kinoraLiveOrigin?: (grant: { boxId: string }) => Promise<string | null>;
};
const cache = (slot.__kinoraLiveOrigins ??= new Map());

async function readOrigin(db: Db, homeId: string): Promise<string | null> {
  const rows = await db.$queryRaw<{ mediaUrl: string }[]>`
    SELECT n."mediaUrl" FROM "ClusterNode" n
    WHERE n."id" = (
        SELECT p."nodeId" FROM (
          SELECT "nodeId", "startedAt" AS "at" FROM "LiveSession" WHERE "channelId" = ${homeId}::uuid AND "nodeId" IS NOT NULL
          UNION ALL
          SELECT "nodeId", now() AS "at" FROM "CastPublish" WHERE "streamId" = ${homeId}::uuid
        ) p ORDER BY p."at" DESC LIMIT 1)
      AND n."id" <> ${processId()}::uuid AND n."mediaUrl" IS NOT NULL
      AND ${aliveNode("n")}`;
  return rows[0]?.mediaUrl ?? null;
}

/**
 * The HTTP address (e.g. http://ingest-1:3000) of the alive node other than this one whose disk has
 * the live home `homeId` (a live channel's or a cast stream's id), or null: here, or nowhere.
 */
export function liveOriginOf(db: Db, homeId: string): Promise<string | null> {
  const now = Date.now();
  const hit = cache.get(homeId);
  if (hit && now - hit.at < REUSE_MS && now >= hit.at) return hit.origin;
  if (cache.size >= MAX_HOMES) cache.clear();
  const origin = readOrigin(db, homeId).catch(() => null);
  cache.set(homeId, { at: now, origin });
  return origin;
}

/** Hands the lookup to the launcher's media server (plain JS: media-node.mjs serves a live file this disk lacks). */
export function registerLiveOrigin(db: Db): void {
  slot.__kinoraLiveOrigin = (grant) => liveOriginOf(db, grant.boxId);
}

/**
 * A text file (a playlist) of the live home of `ownerId`'s `homeId` from the node that has it, or null
 * when no other node has it (or it answers no file).
 */
export async function fetchLiveText(db: Db, ownerId: string, homeId: string, file: string): Promise<string | null> {
  const origin = await liveOriginOf(db, homeId);
  if (!origin) return null;
  const { baseUrl } = signMediaTree("live", { bandOwnerId: ownerId, ownerId, boxId: homeId }, { baseUrl: origin, ttlSeconds: 60 });
  const res = await fetch(baseUrl + file, {
    headers: { [COUNTED_HEADER]: countedSecret(mediaKey()), [FORWARDED_HEADER]: "1" },
    signal: AbortSignal.timeout(5000),
  }).catch(() => undefined);
  return res?.ok ? res.text() : null;
}
