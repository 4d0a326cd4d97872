import type { Db } from "@/server/db/client";
import { NUMBERING_REACH_MS, numberedWindow, windowHead, type PlayoutSegment } from "../playout";
import type { CastPlayoutInput, NumberingPoint } from "../playout-types";

/**
 * Where a channel's playlists number on from, so that a segment keeps its media and discontinuity
 * sequence numbers in every playlist that lists it (RFC 8216 6.2.2), across program boundaries, the
 * hours that cut empty time and a live program's cells, on every node.
 *
 * Each node remembers the head of the last window it listed (a numbering point: playout.ts
 * numberedWindow numbers the next window on from it) and writes it to the channel's CastNumbering
 * row every PERSIST_EVERY_MS of the clock (a minute: 1,000 watched channels are some 17 writes a
 * second). A node without a recent point of its own (just started, or no viewer for a while) takes
 * the row's; when that is too old too (nobody watched for minutes), the window is numbered afresh
 * from the timeline (numbers above every earlier one: playout-timeline.ts) and the first node to
 * write its head in the row wins: the others number on from the winner's. All points lie on one
 * chain, so two nodes give a segment the same numbers whichever point they started from.
 */

const PERSIST_EVERY_MS = 60_000;
/**
 * How old a node's own point may be before it asks the row: well within the reach, so that while a
 * node numbers on from its own points the row (at most a write behind) is within reach for the others.
 */
const TRUST_OWN_MS = NUMBERING_REACH_MS - 2 * PERSIST_EVERY_MS;

interface Held {
  point: NumberingPoint;
  /** The start of the newest point this node knows the row to hold. */
  persistedAtMs: number;
}

const slot = globalThis as unknown as { __kinoraCastNumbering?: Map<string, Held> };
const held = (slot.__kinoraCastNumbering ??= new Map());

const fromRow = (row: { atMs: bigint; msn: bigint; dsn: bigint }): NumberingPoint => ({
  atMs: Number(row.atMs),
  msn: Number(row.msn),
  dsn: Number(row.dsn),
});
const toRow = (p: NumberingPoint) => ({ atMs: BigInt(p.atMs), msn: BigInt(p.msn), dsn: BigInt(p.dsn) });

async function storedPoint(db: Db, channelId: string): Promise<NumberingPoint | null> {
  const row = await db.castNumbering.findUnique({ where: { channelId }, select: { atMs: true, msn: true, dsn: true } });
  return row ? fromRow(row) : null;
}

/**
 * Starts the channel's numbering again at `fresh` unless another node did first: sets the row when it
 * is still `stale` (absent, or the point that was too old), then reads what it holds.
 */
async function claim(db: Db, channelId: string, stale: NumberingPoint | null, fresh: NumberingPoint): Promise<NumberingPoint> {
  if (stale) await db.castNumbering.updateMany({ where: { channelId, atMs: BigInt(stale.atMs) }, data: toRow(fresh) });
  else await db.castNumbering.createMany({ data: [{ channelId, ...toRow(fresh) }], skipDuplicates: true });
  return (await storedPoint(db, channelId)) ?? fresh;
}

type Numbered = ReturnType<typeof numberedWindow>;

/**
 * The window numbered on from the row's point, or afresh (claimed in the row, and numbered on from
 * whatever another node claimed first); with the start of the point the row now holds.
 */
async function numberedFromRow(
  db: Db,
  channelId: string,
  numberFrom: (point: NumberingPoint | null) => Numbered,
): Promise<{ window: Numbered; persistedAtMs: number }> {
  const stored = await storedPoint(db, channelId);
  if (stored) {
    const window = numberFrom(stored);
    if (window.continued) return { window, persistedAtMs: stored.atMs };
  }
  const fresh = numberFrom(null);
  const head = windowHead(fresh.segments);
  if (!head) return { window: fresh, persistedAtMs: stored?.atMs ?? -Infinity };
  const winner = await claim(db, channelId, stored, head);
  const theirs = winner.atMs === head.atMs && winner.msn === head.msn ? null : numberFrom(winner);
  return { window: theirs?.continued ? theirs : fresh, persistedAtMs: winner.atMs };
}

/**
 * The channel's window at `input.nowMs` of the variant `variantName`, numbered on from the
 * channel's earlier playlists (every variant has the same numbers: its head, windowHead, numbers
 * any other playlist of the window, given as `input.numbering`).
 */
export async function numberedCastWindow(
  db: Db,
  channelId: string,
  input: CastPlayoutInput,
  variantName: string,
): Promise<PlayoutSegment[]> {
  const numberFrom = (point: NumberingPoint | null) => numberedWindow({ ...input, numbering: point }, variantName);
  const own = held.get(channelId);
  const ownWindow = own && input.nowMs - own.point.atMs <= TRUST_OWN_MS ? numberFrom(own.point) : null;
  const { window, persistedAtMs } =
    own && ownWindow?.continued
      ? { window: ownWindow, persistedAtMs: own.persistedAtMs }
      : await numberedFromRow(db, channelId, numberFrom);
  const head = windowHead(window.segments);
  if (!head) return window.segments;
  const persist = head.atMs - persistedAtMs >= PERSIST_EVERY_MS;
  // only forward: a node whose clock lags never moves the row back
  if (persist) await db.castNumbering.updateMany({ where: { channelId, atMs: { lt: BigInt(head.atMs) } }, data: toRow(head) });
  held.set(channelId, { point: head, persistedAtMs: persist ? head.atMs : persistedAtMs });
  return window.segments;
}
