import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/server/db/client";
import { env } from "@/server/env";
import { livePaths } from "@/server/media/edge/live-layout.mjs";
import { isNodeAlive } from "@/server/lease/cluster-nodes";
import { processId } from "@/server/lease/process-id";
import { handOverCopy, isRecordedCopy, storeCopy } from "./publish-hooks";

// The ingest has just started (scripts/start.mjs calls the hook "ingest-start"): no publisher is
// connected here, so a session still open that no alive ingest node holds (this node's previous run,
// or a node gone) was cut by a crash, and nginx-rtmp's callbacks of its end (on_publish_done,
// on_record_done) never reached the app. Each such session ends now, at the last write of its recorded
// copy, and that copy goes to the recording job as on_record_done would have handed it over: a
// recorded event interrupted by a crash still becomes its box item. Copies on this disk whose move
// into storage a stop cut (publish-hooks.ts storeCopy) are moved now.

/** nginx-rtmp's name of a publish's copy with record_unique: `<stream path>-<unix seconds at its start>.flv`. */
const copyPattern = (streamPath: string) => new RegExp(`^${streamPath.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}-(\\d+)\\.flv$`);

interface Copy {
  file: string;
  startedSec: number;
  mtime: Date;
}

async function copiesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
}

/** The copy nginx-rtmp began for a publish (started within a few seconds after its session opened), if any is left. */
async function copyOf(
  names: string[],
  dir: string,
  session: { streamPath: string; startedAt: Date },
  taken: Set<string>,
): Promise<Copy | undefined> {
  const pattern = copyPattern(session.streamPath);
  const opened = Math.floor(session.startedAt.getTime() / 1000);
  let best: Copy | undefined;
  for (const name of names) {
    const started = Number(pattern.exec(name)?.[1] ?? NaN);
    const file = path.join(dir, name);
    if (!(started >= opened - 1 && started <= opened + 30) || taken.has(file)) continue;
    if (best && best.startedSec <= started) continue;
    best = { file, startedSec: started, mtime: (await stat(file)).mtime };
  }
  return best;
}

/** Copies on this disk not yet in storage (the move was cut): moved now. */
async function storeLeftCopies(db: Db): Promise<void> {
  const left = await db.liveSession.findMany({
    where: { recordPath: { not: null }, recordKey: null, recordConsumedAt: null },
    select: { id: true, recordPath: true },
  });
  for (const s of left) if (isRecordedCopy(s.recordPath!)) await storeCopy(db, s.id);
}

/** The open sessions no alive ingest node holds (this process has just started its ingest: none of them is its own). */
async function orphanedSessions(db: Db) {
  const open = await db.liveSession.findMany({
    where: { endedAt: null },
    select: { id: true, streamPath: true, startedAt: true, nodeId: true },
    orderBy: { startedAt: "asc" },
  });
  const orphaned = [];
  for (const s of open) if (!s.nodeId || s.nodeId === processId() || !(await isNodeAlive(db, s.nodeId))) orphaned.push(s);
  return orphaned;
}

export async function recoverInterruptedPublishes(db: Db): Promise<{ ended: number; recovered: number }> {
  await storeLeftCopies(db);
  const open = await orphanedSessions(db);
  if (!open.length) return { ended: 0, recovered: 0 };
  const dir = livePaths(env().dataDir).recordDir;
  const names = await copiesIn(dir);
  const taken = new Set(
    (await db.liveSession.findMany({ where: { recordPath: { not: null } }, select: { recordPath: true } })).map((s) => s.recordPath!),
  );
  let recovered = 0;
  for (const session of open) {
    const copy = await copyOf(names, dir, session, taken);
    const endedAt = copy && copy.mtime > session.startedAt ? copy.mtime : new Date();
    const ended = await db.liveSession.updateMany({ where: { id: session.id, endedAt: null }, data: { endedAt, openChannelId: null } });
    if (!ended.count || !copy) continue;
    taken.add(copy.file);
    await handOverCopy(db, session.id, copy.file);
    recovered++;
  }
  return { ended: open.length, recovered };
}
