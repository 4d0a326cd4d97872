// The nodes of this instance (ClusterNode rows, docs/deploy.md): every `npm start` and `npm run worker`
// process writes its row (its roles, where its media is) when it starts and every 15 s by the database's
// clock, and removes it when it stops cleanly; rows silent for 10 minutes (killed nodes) are swept.
// /readyz warns when no node of a role has been seen in the last minute; countAliveNodes feeds the
// kinora_workers_alive metric. A node learns of the others only here, through the database.
import { createHmac } from "node:crypto";
import os from "node:os";
import type { Db } from "@/server/db/client";
import type { NodeRole } from "@/lib/node-roles.mjs";
import { env } from "@/server/env";
import { onClusterEvent, publishClusterEvent } from "@/server/db/cluster-events";
import { processId } from "@/server/lease/process-id";
import { aliveNode } from "@/server/lease/cluster-nodes";
import { storageIdentity } from "@/server/media/storage";
import { ownIngestUrl, ownLiveMediaUrl, refreshIngestUrl } from "@/server/media/live/ingest-address";
import { logger } from "@/server/log/logger.mjs";

export const HEARTBEAT_INTERVAL_MS = 15_000;
/** The event a node publishes when it joins or leaves (db/cluster-events.ts). */
const NODES_TOPIC = "cluster.nodes";
/** Rows of nodes silent this long are removed. */
const STALE_SECONDS = 600;

export interface NodeInfo {
  roles: readonly NodeRole[];
  /** storageIdentity(): "s3:<endpoint>/<bucket>" or "local:<id>" */
  storage: string;
  /** secretFingerprint() of its AUTH_SECRET */
  secret: string;
  /** an ingest node's RTMP address (ownIngestUrl) */
  rtmpUrl?: string;
  /** an ingest node's HTTP address for its live HLS (ownLiveMediaUrl) */
  mediaUrl?: string;
}

/** Writes this process's row now (and sweeps the rows of nodes long silent). */
export async function beat(db: Db, node: NodeInfo): Promise<void> {
  const id = processId();
  await db.$executeRaw`
    INSERT INTO "ClusterNode" ("id", "host", "pid", "roles", "storage", "secret", "rtmpUrl", "mediaUrl", "startedAt", "seenAt")
    VALUES (${id}::uuid, ${os.hostname()}, ${process.pid}, ${[...node.roles]}::text[], ${node.storage}, ${node.secret}, ${node.rtmpUrl ?? null},
      ${node.mediaUrl ?? null}, now(), now())
    ON CONFLICT ("id") DO UPDATE SET "seenAt" = now()`;
  await db.$executeRaw`DELETE FROM "ClusterNode" WHERE "seenAt" < now() - make_interval(secs => ${STALE_SECONDS}::int)`;
  // where encoders publish when this node takes no RTMP itself (media/live/ingest-address.ts)
  await refreshIngestUrl(db);
}

/** Starts this node's heartbeat; `stop` removes its row. */
export async function startNodeHeartbeat(db: Db, node: NodeInfo): Promise<{ stop(): Promise<void> }> {
  // a node that comes or goes tells the others at once (they read the nodes again), not at their next beat
  const refresh = () => void refreshIngestUrl(db).catch((err: unknown) => logger().error({ err }, "reading the nodes failed"));
  const unsubscribe = onClusterEvent(NODES_TOPIC, refresh);
  await beat(db, node);
  await publishClusterEvent(db, NODES_TOPIC, processId());
  const timer = setInterval(
    () => void beat(db, node).catch((err: unknown) => logger().error({ err }, "node heartbeat failed")),
    HEARTBEAT_INTERVAL_MS,
  );
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      unsubscribe();
      await db.$executeRaw`DELETE FROM "ClusterNode" WHERE "id" = ${processId()}::uuid`;
      await publishClusterEvent(db, NODES_TOPIC, processId());
    },
  };
}

/** Whether a process `pid` runs on this machine (signal 0: nothing is sent). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM"; // it runs, as another user
  }
}

/** A node that cannot work beside the others (a start refused: docs/deploy.md). */
export class NodeRefused extends Error {}

/** Names `secret` without giving it away: an HMAC of a fixed text, 16 hex digits. */
export function secretFingerprint(secret: Uint8Array): string {
  return createHmac("sha256", secret).update("kinora cluster node").digest("hex").slice(0, 16);
}

/**
 * Refuses a node that the alive ones could not work with: media kept elsewhere (another local
 * directory, or local beside S3: an upload taken by one node would be missing on the others), or
 * another AUTH_SECRET (the tokens of one would be refused by the others). What to set is said.
 */
async function checkAgreement(db: Db, node: NodeInfo): Promise<void> {
  const seen = await db.$queryRaw<{ id: string; host: string; pid: number; storage: string; secret: string }[]>`
    SELECT "id"::text, "host", "pid", "storage", "secret" FROM "ClusterNode"
    WHERE "id" <> ${processId()}::uuid AND ${aliveNode()}
    ORDER BY "startedAt"`;
  // a node of this machine whose process is gone (killed) is known dead at once: its row goes
  const dead = seen.filter((o) => o.host === os.hostname() && !processRuns(o.pid));
  if (dead.length) await db.$executeRaw`DELETE FROM "ClusterNode" WHERE "id"::text = ANY(${dead.map((o) => o.id)})`;
  const others = seen.filter((o) => !dead.includes(o));
  const storage = others.find((o) => o.storage !== node.storage);
  if (storage)
    throw new NodeRefused(
      `another node of this database (${storage.host}, pid ${storage.pid}) keeps its media in ${storage.storage}, this one in ${node.storage}: ` +
        "nodes of one instance share one storage: S3 (STORAGE_DRIVER=s3 and the same S3_* variables) or one shared DATA_DIR/storage directory",
    );
  const secret = others.find((o) => o.secret !== node.secret);
  if (secret)
    throw new NodeRefused(
      `another node of this database (${secret.host}, pid ${secret.pid}) has another AUTH_SECRET: give every node the same AUTH_SECRET, or unset it on all (they then share the one kept in the database)`,
    );
}

/**
 * Enters this process in the instance's nodes with `roles` (its storage, its secret's fingerprint)
 * until `stop`; refused (NodeRefused) when the alive nodes keep their media elsewhere or sign with
 * another secret. `sole`: the embedded database (PGlite), which only this process opens.
 */
export async function joinCluster(db: Db, roles: readonly NodeRole[], opts: { sole: boolean }): Promise<{ stop(): Promise<void> }> {
  const node = {
    roles,
    storage: await storageIdentity(),
    secret: secretFingerprint(env().authSecret),
    rtmpUrl: ownIngestUrl(roles),
    mediaUrl: ownLiveMediaUrl(roles),
  };
  // the embedded database: this process is the only one, the rows of any other are a dead one's
  if (opts.sole) await db.$executeRaw`DELETE FROM "ClusterNode" WHERE "id" <> ${processId()}::uuid`;
  else await checkAgreement(db, node);
  return startNodeHeartbeat(db, node);
}
