import { loopRun, sequenceRun, type Run } from "./playout-runs";
import type { CastChannelPlayout, CastLiveSource, CastPlayoutProgram, CastSegment, CastSource, CastVariant } from "./playout-types";

/**
 * The channel's timeline: every instant belongs to one slot, a program [start, end) or a piece of
 * empty time. Empty time is cut at every UTC hour, so its slots do not depend on which window is
 * asked for. Programs are taken in start order; one that overlaps the next (data the scheduling
 * rules refuse) ends where the next starts, so slots never overlap.
 *
 * Sequence numbers. A playlist names its first segment's media sequence number (MSN) and
 * discontinuity sequence number (DSN); the following segments count on from them. A channel's
 * playlists number on from the head of the window an earlier one listed (playout.ts numberedWindow,
 * output/cast-numbering.ts), so a segment keeps its numbers in every playlist that lists it. Where
 * there is no such point (a channel's first viewer, or none for minutes) the window's head takes
 * its own numbers on the timeline, derived from the schedule and the clock alone:
 *   MSN of a segment = start of its slot in epoch ms + its index within the slot
 *   DSN of a segment = start of its slot in epoch ms + discontinuities within the slot up to it
 * A slot holds at most one segment per millisecond (segments are whole milliseconds, at least one),
 * so a slot's numbers stay below the next slot's start: they only grow with the clock, through day
 * changes (nothing counts from midnight) and through edits of later programs (a slot's numbers
 * depend only on that slot). Numbers counted on from a point never exceed these own numbers (one
 * per segment, where the own numbers jump at every slot), so a fresh start is above every number
 * used before it and a player sees new numbers (aligning by EXT-X-PROGRAM-DATE-TIME, present on
 * every segment). An edit that moves the start of a program already on air earlier moves its
 * numbers back: the scheduling rules are where such an edit is refused.
 *
 * Live slots are numbered in cells of LIVE_CELL_MS (epoch-aligned; the slot's start opens its first
 * cell) instead of from the slot's start, and their slate restarts at every cell: the ingest keeps
 * only a stream's recent segments, and a cell's numbers depend only on what starts in it, so losing
 * segments older than the window's first cell changes nothing the window shows.
 */

export type SlotKind = CastPlayoutProgram["type"] | "EMPTY";

export interface Slot {
  kind: SlotKind;
  programId: string | null;
  startMs: number;
  endMs: number;
  program: CastPlayoutProgram | null;
}

const HOUR_MS = 3_600_000;
/** Numbering cells of live slots; the caller gives a stream's segments back to the cell before the window. */
export const LIVE_CELL_MS = 300_000;
/** A live segment starting this close to where the previous one ended continues it (clock rounding). */
const LIVE_JOIN_MS = 50;

/** Empty time [from, to) as slots cut at UTC hours. */
function emptySlots(fromMs: number, toMs: number): Slot[] {
  const out: Slot[] = [];
  for (let s = fromMs; s < toMs;) {
    const e = Math.min(toMs, (Math.floor(s / HOUR_MS) + 1) * HOUR_MS);
    out.push({ kind: "EMPTY", programId: null, startMs: s, endMs: e, program: null });
    s = e;
  }
  return out;
}

/** The slots that overlap [fromMs, toMs), in time order, with no gap between them. */
export function slotsBetween(programs: CastPlayoutProgram[], fromMs: number, toMs: number): Slot[] {
  const sorted = programs
    .filter((p) => Number.isFinite(p.startMs) && Number.isFinite(p.endMs) && p.endMs > p.startMs)
    .sort((a, b) => a.startMs - b.startMs || a.programId.localeCompare(b.programId));
  const slots: Slot[] = [];
  let cursor = Math.floor(fromMs / HOUR_MS) * HOUR_MS;
  sorted.forEach((p, i) => {
    const next = sorted[i + 1];
    const end = Math.min(p.endMs, next ? next.startMs : p.endMs);
    if (end <= p.startMs || end <= cursor) return; // swallowed by the previous program, or before the range
    const start = Math.max(p.startMs, cursor);
    if (start > cursor) slots.push(...emptySlots(cursor, start));
    // A program that began before the range keeps its own start: its numbers and segments count from there.
    slots.push({ kind: p.type, programId: p.programId, startMs: p.startMs, endMs: end, program: p });
    cursor = end;
  });
  if (cursor < toMs) slots.push(...emptySlots(cursor, Math.ceil(toMs / HOUR_MS) * HOUR_MS));
  return slots.filter((s) => s.endMs > fromMs && s.startMs < toMs);
}

/** Where the numbers of a segment starting at `ms` count from: its slot's start, or its live cell's. */
export function numberingStart(slot: Slot, ms: number): number {
  return slot.kind === "LIVE" ? Math.max(slot.startMs, Math.floor(ms / LIVE_CELL_MS) * LIVE_CELL_MS) : slot.startMs;
}

/** The nearest lower rung for a variant: the highest at or below its height, else the lowest there is. */
export function pickRendition<R extends { name: string; height: number }>(renditions: R[], variant: CastVariant): R | null {
  const byHeight = [...renditions].sort((a, b) => b.height - a.height || a.name.localeCompare(b.name));
  return byHeight.find((r) => r.height <= variant.height) ?? byHeight[byHeight.length - 1] ?? null;
}

function slateRun(channel: CastChannelPlayout, variant: CastVariant, startMs: number, endMs: number): Run {
  const rendition = pickRendition(channel.slate.renditions, variant);
  if (!rendition) throw new Error("the channel's slate has no rendition");
  return loopRun(channel.slate.key, rendition, startMs, endMs);
}

/** A content from its offset (the segment holding the offset plays whole), then the slate if it ends early. */
function prerecordedRuns(channel: CastChannelPlayout, variant: CastVariant, content: CastSource, offsetSeconds: number, slot: Slot): Run[] {
  const rendition = pickRendition(content.renditions, variant);
  const segments = rendition?.segments.filter((s) => Math.round(s.durationMs) > 0) ?? [];
  let skipped = 0;
  let from = 0;
  const offsetMs = Math.max(0, offsetSeconds) * 1000;
  while (from < segments.length && skipped + Math.round(segments[from]!.durationMs) <= offsetMs)
    skipped += Math.round(segments[from++]!.durationMs);
  if (from >= segments.length) return [slateRun(channel, variant, slot.startMs, slot.endMs)];
  const run = sequenceRun(content.key, segments.slice(from), slot.startMs, slot.endMs);
  return run.endMs < slot.endMs ? [run, slateRun(channel, variant, run.endMs, slot.endMs)] : [run];
}

/** The slate of a live slot, restarting at every cell. */
function cellSlateRuns(channel: CastChannelPlayout, variant: CastVariant, startMs: number, endMs: number): Run[] {
  const runs: Run[] = [];
  for (let s = startMs; s < endMs;) {
    const e = Math.min(endMs, (Math.floor(s / LIVE_CELL_MS) + 1) * LIVE_CELL_MS);
    runs.push(slateRun(channel, variant, s, e));
    s = e;
  }
  return runs;
}

/**
 * A live slot: the stream's segments where they aired (from the first one starting in the slot),
 * the slate before them, in their gaps and after them.
 */
function liveRuns(channel: CastChannelPlayout, variant: CastVariant, stream: CastLiveSource | null, slot: Slot, nowMs: number): Run[] {
  const rendition = stream ? pickRendition(stream.renditions, variant) : null;
  const runs: Run[] = [];
  let cursor = slot.startMs;
  // The contiguous piece of the stream being gathered: where it starts, its segments, where it ends.
  let piece: { startMs: number; endMs: number; segments: CastSegment[] } | null = null;
  const closePiece = () => {
    if (!piece) return;
    const run = sequenceRun(stream!.key, piece.segments, piece.startMs, slot.endMs);
    runs.push(run);
    cursor = run.endMs;
    piece = null;
  };
  for (const seg of rendition?.segments ?? []) {
    const durationMs = Math.round(seg.durationMs);
    const start = Math.round(seg.startMs);
    if (durationMs <= 0 || start >= slot.endMs) continue;
    if (piece && Math.abs(start - piece.endMs) <= LIVE_JOIN_MS) {
      piece.segments.push({ path: seg.path, durationMs });
      piece.endMs += durationMs;
      continue;
    }
    const airedUntil = piece ? piece.endMs : cursor;
    closePiece();
    if (start < Math.max(cursor, airedUntil)) continue; // before the slot, or over what already aired
    if (start > cursor) runs.push(...cellSlateRuns(channel, variant, cursor, start));
    piece = { startMs: start, endMs: start + durationMs, segments: [{ path: seg.path, durationMs }] };
  }
  closePiece();
  // A connected publisher's next segment is on its way: from its newest point (its last segment's
  // end, or when it connected) the slot waits for it, and plays the slate after two silent target
  // durations (or once the slot is over); its next segment then takes over again.
  // The slate runs the same however the wait ends (the stream arriving cuts it, its expiry lets it
  // go on), so no segment it listed is ever renumbered.
  const since = stream?.publishingSinceMs;
  if (since != null && since < slot.endMs) {
    const edge = Math.max(cursor, Math.round(since));
    if (nowMs < slot.endMs && nowMs - edge < 2 * channel.targetDurationSeconds * 1000) {
      if (edge > cursor) runs.push(...cellSlateRuns(channel, variant, cursor, edge));
      return runs;
    }
  }
  if (cursor < slot.endMs) runs.push(...cellSlateRuns(channel, variant, cursor, slot.endMs));
  return runs;
}

/** The runs of a slot for one variant, in time order, covering the slot (a publishing live stream's newest edge excepted). */
export function slotRuns(channel: CastChannelPlayout, variant: CastVariant, slot: Slot, nowMs: number): Run[] {
  const p = slot.program;
  if (p?.type === "PRERECORDED") return prerecordedRuns(channel, variant, p.content, p.offsetSeconds, slot);
  if (p?.type === "LIVE") return liveRuns(channel, variant, p.stream, slot, nowMs);
  return [slateRun(channel, variant, slot.startMs, slot.endMs)];
}
