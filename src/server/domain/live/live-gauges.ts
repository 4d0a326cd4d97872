import type { Db } from "@/server/db/client";
import { AUDIENCE_WINDOW_MS } from "./audience";

// The live figures of /metrics (kinora_live_publishing_sessions, kinora_live_viewers), read at
// scrape time: each one indexed or small query (docs/operations.md "Metrics").

/** Live publishes open now (the unique index on LiveSession.openChannelId holds exactly those). */
export function openPublishCount(db: Db): Promise<number> {
  return db.liveSession.count({ where: { openChannelId: { not: null } } });
}

/** People watching now: pages that renewed their presence within the audience window, by kind (audience.ts). */
export async function viewerCounts(db: Db, now = new Date()): Promise<{ channel: number; replay: number }> {
  const since = new Date(now.getTime() - AUDIENCE_WINDOW_MS);
  const rows = await db.$queryRaw<{ kind: string; n: number }[]>`
    SELECT CASE WHEN "scope" LIKE 'channel:%' THEN 'channel' ELSE 'replay' END AS kind, count(*)::int AS n
    FROM "LiveAudience" WHERE "seenAt" >= ${since} GROUP BY 1`;
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
  return { channel: of("channel"), replay: of("replay") };
}
