// Where encoders publish (a channel's streamingBaseUrl, the go-live answer's serverUrl), on one node
// or several (docs/deploy.md "Live"):
// 1. RTMP_PUBLIC_URL when set: the address of the RTMP balancer (or the one ingest node) as encoders
//    reach it, for every node alike;
// 2. a node with the ingest role itself: the host the caller reached it by (PUBLIC_URL's when
//    unknown) and its RTMP_PORT, as on one box;
// 3. a node without it: the address the oldest alive ingest node gives of itself (its ClusterNode
//    row, read again at each heartbeat: workers/node-heartbeat.ts), else 2's form.
import os from "node:os";
import type { Db } from "@/server/db/client";
import type { NodeRole } from "@/lib/node-roles.mjs";
import { env } from "@/server/env";
import { aliveNode } from "@/server/lease/cluster-nodes";

const slot = globalThis as unknown as { __kinoraIngestUrl?: string };

const hostForUrl = (host: string) => (host.includes(":") ? `[${host}]` : host);

/** How other machines reach this one: its HOST when that names one address, else this machine's name. */
function ownHost(): string {
  const e = env();
  return hostForUrl(e.HOST && !["0.0.0.0", "::", "[::]"].includes(e.HOST) ? e.HOST.replace(/^\[|\]$/g, "") : os.hostname());
}

/** The RTMP address a node of `roles` gives of itself when it has the ingest role (else undefined): ownHost and its RTMP_PORT. */
export function ownIngestUrl(roles: readonly NodeRole[]): string | undefined {
  return roles.includes("ingest") ? `rtmp://${ownHost()}:${env().RTMP_PORT}` : undefined;
}

/**
 * Where the edges of the other nodes fetch this ingest node's live HLS (media/live/live-origin.ts): its
 * edge on ownHost and PORT (with the web role, the edge viewers use; without it, an edge that serves
 * the live tree only: scripts/start.mjs). Undefined without the ingest role.
 */
export function ownLiveMediaUrl(roles: readonly NodeRole[]): string | undefined {
  return roles.includes("ingest") ? `http://${ownHost()}:${env().PORT}` : undefined;
}

/** Reads again the address of the oldest alive ingest node (lease/cluster-nodes.ts). */
export async function refreshIngestUrl(db: Db): Promise<void> {
  const rows = await db.$queryRaw<{ rtmpUrl: string }[]>`
    SELECT "rtmpUrl" FROM "ClusterNode"
    WHERE 'ingest' = ANY("roles") AND "rtmpUrl" IS NOT NULL AND ${aliveNode()}
    ORDER BY "startedAt" LIMIT 1`;
  slot.__kinoraIngestUrl = rows[0]?.rtmpUrl;
}

/** `rtmp://<host>:<port>/<app>`: where encoders publish to application `app` (see above). */
export function rtmpBaseUrl(baseUrl: string | undefined, app: string): string {
  const e = env();
  if (e.RTMP_PUBLIC_URL) return `${e.RTMP_PUBLIC_URL.replace(/\/+$/, "")}/${app}`;
  const known = e.KINORA_ROLES.includes("ingest") ? undefined : slot.__kinoraIngestUrl;
  if (known) return `${known}/${app}`;
  return `rtmp://${hostForUrl(new URL(baseUrl ?? e.publicUrl).hostname.replace(/^\[|\]$/g, ""))}:${e.RTMP_PORT}/${app}`;
}
