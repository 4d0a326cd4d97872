// Which cast streams have a publisher now, and since when (domain/live/cast-publish.ts admits and
// ends their publishes; the cast playout reads it on every node): CastPublish rows, one per stream,
// naming the ingest node that took the publish (its disk has the HLS: live-origin.ts).
import type { Db } from "@/server/db/client";
import { aliveNode } from "@/server/lease/cluster-nodes";
import { processId } from "@/server/lease/process-id";

/** When the stream's current publisher began to publish, or null when none is connected (or its ingest node is gone). */
export async function castPublishingSince(db: Db, streamId: string): Promise<number | null> {
  const rows = await db.$queryRaw<{ since: Date }[]>`
    SELECT p."since" FROM "CastPublish" p JOIN "ClusterNode" n ON n."id" = p."nodeId"
    WHERE p."streamId" = ${streamId}::uuid AND p."since" IS NOT NULL
      AND ${aliveNode("n")}`;
  return rows[0]?.since.getTime() ?? null;
}

/** The stream's publisher `clientId` began to publish now, on this ingest node. */
export async function castPublishStarted(db: Db, streamId: string, clientId: string): Promise<void> {
  const row = { nodeId: processId(), clientId, since: new Date() };
  await db.castPublish.upsert({ where: { streamId }, create: { streamId, ...row }, update: row });
}

/** The publisher `clientId` stopped: the stream has none any more, unless another one took its place meanwhile. */
export async function castPublishEnded(db: Db, streamId: string, clientId: string): Promise<void> {
  await db.castPublish.updateMany({ where: { streamId, clientId, nodeId: processId() }, data: { clientId: null, since: null } });
}
