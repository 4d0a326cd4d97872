// Reading the instance's nodes (ClusterNode rows, written by workers/node-heartbeat.ts): which are
// alive, by role or by id. A node is alive while its row was written in the last ALIVE_SECONDS.
import { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import type { NodeRole } from "@/lib/node-roles.mjs";

/** A node seen within this many seconds is alive. */
export const ALIVE_SECONDS = 60;

/** The SQL condition "the ClusterNode row (of alias `n`, when given) was written in the last ALIVE_SECONDS". */
export const aliveNode = (alias?: "n") =>
  Prisma.sql`${Prisma.raw(alias ? `${alias}."seenAt"` : `"seenAt"`)} > now() - make_interval(secs => ${ALIVE_SECONDS}::int)`;

/** How many nodes with `role` wrote their row in the last minute (this one included). */
export async function countAliveNodes(db: Db, role: NodeRole): Promise<number> {
  const rows = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM "ClusterNode" WHERE ${role} = ANY("roles") AND ${aliveNode()}`;
  return rows[0]?.n ?? 0;
}

/** Whether the node `id` wrote its row in the last minute. */
export async function isNodeAlive(db: Db, id: string): Promise<boolean> {
  const rows = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM "ClusterNode" WHERE "id" = ${id}::uuid AND ${aliveNode()}`;
  return (rows[0]?.n ?? 0) > 0;
}
