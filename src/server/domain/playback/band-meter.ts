import { randomUUID } from "node:crypto";
import { mkdir, open, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/server/db/client";
import { env } from "@/server/env";
import { recordBandUsage } from "./band-usage";
import { BUCKET_SECONDS, LOG_FILE_PATTERN, LOG_SOURCES, mediaLogDir } from "@/server/media/edge/media-log.mjs";
import { logger } from "@/server/log/logger.mjs";

// The band meter: reads the band logs that nginx and the Node media server append
// (edge/media-log.mjs) and adds the bytes of every 200/206 media response to its band owner's band.
// It runs in the app process of the instance that owns the logs (started by instrumentation).
//
// Durability: per log source, a cursor (bucket file, byte offset) is kept in MediaLogCursor and moved
// in the same transaction as the owners' counters, so a crash at any point neither loses nor counts
// twice a line that was written: the next pass restarts from the committed cursor. Only complete
// lines are read. A bucket file is left for good once the clock is GRACE past its end (its writers
// have moved to the next one) and deleted after it has been counted.
// What can be lost: bytes of responses still in flight when nginx or the app dies (they are logged
// when the response ends), and a line torn by such a crash (skipped). What can be counted twice:
// nothing, unless two meters share one DATA_DIR, which the cursor's compare-and-set refuses.

const GRACE_SECONDS = 10;
const MAX_READ = 8 * 1024 * 1024; // per file and pass: memory stays bounded after an outage
const STATUS_COUNTED = new Set(["200", "206"]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Cursor {
  bucket: number;
  offset: number;
}

/** The id of this instance's logs (several instances may share one PostgreSQL database). */
async function instanceId(dir: string): Promise<string> {
  const file = path.join(dir, "instance-id");
  try {
    await writeFile(file, randomUUID(), { flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  return (await readFile(file, "utf8")).trim();
}

async function readFrom(file: string, offset: number): Promise<{ text: string; eof: boolean }> {
  const handle = await open(file, "r");
  try {
    const size = (await handle.stat()).size;
    const length = Math.min(Math.max(0, size - offset), MAX_READ);
    const buf = Buffer.alloc(length);
    const { bytesRead } = length ? await handle.read(buf, 0, length, offset) : { bytesRead: 0 };
    return { text: buf.subarray(0, bytesRead).toString("latin1"), eof: offset + bytesRead >= size };
  } finally {
    await handle.close();
  }
}

/** Adds the counted bytes of complete lines in `text` to `into`. Returns the bytes of text consumed. */
export function parseBandLines(text: string, into: Map<string, number>): number {
  const end = text.lastIndexOf("\n") + 1;
  for (const line of text.slice(0, end).split("\n")) {
    const [, owner, bytes, status] = line.split(" ");
    if (!owner || !UUID.test(owner) || !status || !STATUS_COUNTED.has(status) || !bytes || !/^\d{1,15}$/.test(bytes)) continue;
    const n = Number(bytes);
    if (n > 0) into.set(owner, (into.get(owner) ?? 0) + n);
  }
  return end;
}

/** One pass over one source's logs. Returns the bytes counted. */
async function meterSource(db: Db, dir: string, cursorId: string, source: string, nowSeconds: number): Promise<number> {
  const stored = await db.mediaLogCursor.findUnique({ where: { id: cursorId } });
  const start: Cursor = stored ? { bucket: stored.bucket, offset: Number(stored.offset) } : { bucket: 0, offset: 0 };
  const buckets = (await readdir(dir))
    .map((name) => LOG_FILE_PATTERN.exec(name))
    .filter((m): m is RegExpExecArray => m !== null && m[1] === source)
    .map((m) => Number(m[2]))
    .sort((a, b) => a - b);

  const totals = new Map<string, number>();
  let cursor = start;
  for (const bucket of buckets) {
    if (bucket < cursor.bucket) continue; // counted before a crash, not yet deleted
    const offset = bucket === cursor.bucket ? cursor.offset : 0;
    const { text, eof } = await readFrom(path.join(dir, `${source}-${bucket}.log`), offset);
    cursor = { bucket, offset: offset + parseBandLines(text, totals) };
    const closed = (bucket + 1) * BUCKET_SECONDS + GRACE_SECONDS <= nowSeconds;
    if (!eof || !closed) break; // more to read next pass, or its writers may still append
  }

  if (!stored || cursor.bucket !== start.bucket || cursor.offset !== start.offset) {
    await db.$transaction(async (tx) => {
      await recordBandUsage(tx, totals, new Date(nowSeconds * 1000));
      const data = { bucket: cursor.bucket, offset: BigInt(cursor.offset) };
      if (!stored) await tx.mediaLogCursor.create({ data: { id: cursorId, ...data } });
      else {
        const moved = await tx.mediaLogCursor.updateMany({
          where: { id: cursorId, bucket: start.bucket, offset: BigInt(start.offset) },
          data,
        });
        if (moved.count !== 1) throw new Error(`band log ${cursorId} was counted by another meter meanwhile`);
      }
    });
  }
  // Buckets before the cursor are counted; remove them once their writers are surely gone.
  for (const bucket of buckets) {
    if (bucket < cursor.bucket && (bucket + 1) * BUCKET_SECONDS + GRACE_SECONDS <= nowSeconds)
      await rm(path.join(dir, `${source}-${bucket}.log`), { force: true });
  }
  return [...totals.values()].reduce((a, b) => a + b, 0);
}

/** One pass over every source of this instance's band logs. */
export async function meterBandLogs(db: Db, dataDir = env().dataDir, nowSeconds = Date.now() / 1000): Promise<number> {
  const dir = mediaLogDir(dataDir);
  await mkdir(dir, { recursive: true });
  const id = await instanceId(dir);
  let bytes = 0;
  for (const source of LOG_SOURCES) bytes += await meterSource(db, dir, `${id}:${source}`, source, nowSeconds);
  return bytes;
}

/** Runs the meter every `intervalMs` (BAND_METER_INTERVAL_MS, default 2 s) in this process. */
export function startBandMeter(db: Db, intervalMs = Number(process.env.BAND_METER_INTERVAL_MS ?? 2000)): { stop(): void } {
  const slot = globalThis as unknown as { __kinoraBandMeter?: { stop(): void } };
  if (slot.__kinoraBandMeter) return slot.__kinoraBandMeter; // one per process (Next may load this twice)
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = async () => {
    try {
      await meterBandLogs(db);
    } catch (err) {
      logger().error({ err }, "band meter pass failed");
    }
    if (!stopped) timer = setTimeout(tick, intervalMs).unref();
  };
  timer = setTimeout(tick, 0).unref();
  slot.__kinoraBandMeter = {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      slot.__kinoraBandMeter = undefined;
    },
  };
  return slot.__kinoraBandMeter;
}
