import { z } from "zod";
import { isbot } from "isbot";
import type { Ctx } from "@/server/core/context";
import { invalidField } from "@/server/core/errors";
import { verifyPlaySession } from "@/server/auth/play-session";
import { getDbAccess } from "@/server/db/client";
import { logger } from "@/server/log/logger.mjs";
import { metrics } from "@/server/metrics/registry.mjs";
import { BEACON_LIMITS } from "./beacon-batch-shape.mjs";
import { BEACON_TYPES, type Beacon } from "./credit-beacons";
import { recordBeacons, type ReceivedBatch } from "./record-beacons";
import { viewerHash } from "./viewer-hash";
import { countryOf } from "./viewer-country";

// POST /api/public/analytics/beacons - what the players send (docs/analytics.md): a batch of beacons
// of one play session. A batch is checked and answered at once and written with the others received
// meanwhile (record-beacons.ts: one transaction a second per node, or one per WRITE_BATCHES batches
// when they come faster), so a beacon costs the request and a share of that transaction. A batch
// without a valid play session is refused (400, nothing counted); one from a known bot's user agent
// is accepted and dropped.

/** Batches waiting for the next write; past this (the database away or slower than the traffic) new ones are dropped. */
const MAX_WAITING = 50_000;
/** A batch waits at most this long for its write... */
const WRITE_MS = 1000;
/**
 * ...and a write takes at most this many: a bounded transaction whatever the rate (on PGlite the
 * write runs on the server's own thread, and the requests arriving meanwhile wait for it; they are
 * answered before the next write).
 */
const WRITE_BATCHES = 250;

const beaconSchema = z.object({
  type: z.string(),
  position: z.number().finite().optional(),
  value: z.number().finite().optional(),
  detail: z.string().max(BEACON_LIMITS.maxDetailLength).optional(),
});

export const beaconBatchInput = z.object({
  session: z
    .string()
    .max(BEACON_LIMITS.maxSessionLength)
    .describe("the play session of the play (the Kinora-Play-Session header of its play result)"),
  events: z
    .array(beaconSchema)
    .max(BEACON_LIMITS.maxBeacons)
    .describe(
      `the beacons in the order they happened, at most ${BEACON_LIMITS.maxBeacons}: type ${BEACON_TYPES.join(", ")}; others are ignored`,
    ),
});

const waiting: ReceivedBatch[] = [];
let timer: NodeJS.Timeout | undefined;
let flushing: Promise<void> | undefined;

/**
 * Accepts a batch of beacons for counting: refused (400) without a valid play session. The viewer is
 * the caller's address and user agent, hashed with the day's salt (viewer-hash.ts); neither is kept.
 */
export async function acceptBeacons(ctx: Ctx, input: z.output<typeof beaconBatchInput>): Promise<void> {
  const userAgent = ctx.userAgent ?? "";
  const session = verifyPlaySession(input.session);
  if (!session) {
    metrics().analyticsBeacons.inc({ outcome: "refused" });
    throw invalidField("session", "error.playSessionInvalid");
  }
  if (isbot(userAgent)) {
    metrics().analyticsBeacons.inc({ outcome: "bot" });
    return;
  }
  const beacons = input.events.filter((e): e is Beacon => (BEACON_TYPES as readonly string[]).includes(e.type));
  if (beacons.length === 0) return;
  if (waiting.length >= MAX_WAITING) {
    metrics().analyticsBeacons.inc({ outcome: "dropped" });
    return;
  }
  const receivedAt = Date.now();
  const [hash, country] = await Promise.all([
    viewerHash(ctx.db, ctx.address ?? "", userAgent, new Date(receivedAt)),
    countryOf(ctx.address),
  ]);
  waiting.push({ session, viewerHash: hash, receivedAt, beacons, ...(country ? { country } : {}) });
  metrics().analyticsBeacons.inc({ outcome: "accepted" });
  scheduleWrite();
}

/** The next write: now when a write's worth waits (unless one runs: it goes on), else within WRITE_MS. */
function scheduleWrite(): void {
  if (flushing) return;
  if (waiting.length >= WRITE_BATCHES) void writeWaiting(false);
  else if (waiting.length > 0) timer ??= setTimeout(() => void writeWaiting(true), WRITE_MS).unref();
}

/** Writes every batch waiting now, WRITE_BATCHES at a time (also what the timer does); one write at a time. */
export async function flushBeacons(): Promise<void> {
  while (flushing) await flushing;
  await writeWaiting(true);
}

/**
 * Writes the waiting batches, WRITE_BATCHES at a time: (`all`) every one waiting now, and then (or
 * else) while a whole write's worth waits. Batches that arrive meanwhile, fewer than a write's worth,
 * wait for their own timer: a steady rate makes one write a second, not one per batch that came
 * during the last write.
 */
function writeWaiting(all: boolean): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = undefined;
  flushing ??= (async () => {
    let due = all ? waiting.length : 0;
    while (due > 0 || waiting.length >= WRITE_BATCHES) {
      const batches = waiting.splice(0, WRITE_BATCHES);
      due -= batches.length;
      try {
        await recordBeacons(await getDbAccess(), batches);
      } catch (err) {
        // the database away: kept for the next write while there is room (then dropped, counted as such)
        const room = Math.max(0, MAX_WAITING - waiting.length);
        waiting.unshift(...batches.slice(0, room));
        if (batches.length > room) metrics().analyticsBeacons.inc({ outcome: "dropped" }, batches.length - room);
        logger().warn({ err, batches: batches.length }, "analytics beacons not written; tried again in a second");
        return;
      }
      // the requests that came meanwhile answered before the next write (PGlite's never leave the thread)
      await new Promise((resolve) => setImmediate(resolve));
    }
  })().finally(() => {
    flushing = undefined;
    if (waiting.length > 0) timer ??= setTimeout(() => void writeWaiting(true), WRITE_MS).unref();
  });
  return flushing;
}
