// The draft of a day in the portal's day editor: a start time and the programs in order, each with
// its length. Programs flow from the start, back to back (scheduling rule 5: each one starts when the
// previous one ends), so changing the start or a length moves every later program; a gap is kept as
// what the model has for one, a break.
import type { ProgramType } from "@/generated/prisma/enums";
import type { ProgramView } from "@/server/domain/cast/program-view";

export interface DayRow {
  /** Stable for React while the row is edited (its programId once saved). */
  key: string;
  programId?: string;
  itemType: ProgramType;
  /** The box item (PRERECORDED) or cast stream (LIVE) played. */
  sourceId?: string;
  /** What it plays: the content's title or the stream's name. */
  sourceName?: string;
  title: string;
  /** Kept as read (a save replaces the day: what it does not send is cleared). */
  description?: string;
  tags: string[];
  thumbnailId?: string;
  seconds: number;
  /** PRERECORDED: seconds into the content, and the most it may last from there. */
  offset: number;
  maxSeconds?: number;
}

/** A row placed in the day: where it starts and ends (ms instants). */
export interface PlacedRow extends DayRow {
  startsAt: number;
  endsAt: number;
}

let nextKey = 0;
export const newKey = () => `new-${++nextKey}`;

/** The programs read from the server as the draft: the day's start (its first program's, else `emptyStart`) and the rows. */
export function draftOf(programs: ProgramView[], emptyStart: number): { start: number; rows: DayRow[] } {
  return { start: programs[0]?.startsAt.getTime() ?? emptyStart, rows: programs.map(rowOf) };
}

/** A program read from the server as a row of the draft. */
export function rowOf(p: ProgramView): DayRow {
  const offset = p.offsetSeconds ?? 0;
  const content = p.boxContent?.durationSeconds;
  return {
    key: p.programId,
    programId: p.programId,
    itemType: p.itemType,
    sourceId: p.boxContent?.boxId ?? p.stream?.streamId,
    sourceName: p.boxContent?.title ?? p.stream?.name,
    title: p.title,
    description: p.description,
    tags: p.tags,
    thumbnailId: p.thumbnailId,
    seconds: Math.round((p.endsAt.getTime() - p.startsAt.getTime()) / 1000),
    offset,
    maxSeconds: content == null ? undefined : Math.max(0, content - offset),
  };
}

/** The rows placed back to back from `start` (ms). */
export function flow(start: number, rows: DayRow[]): PlacedRow[] {
  let at = start;
  return rows.map((r) => {
    const placed = { ...r, startsAt: at, endsAt: at + r.seconds * 1000 };
    at = placed.endsAt;
    return placed;
  });
}

/** `row` put before the one at `index` (at the end when `index` is the length). */
export const insertRow = (rows: DayRow[], index: number, row: DayRow): DayRow[] => [...rows.slice(0, index), row, ...rows.slice(index)];

/** The row at `from` moved to place `to` of the result. */
export function moveRow(rows: DayRow[], from: number, to: number): DayRow[] {
  const next = [...rows];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** The row at `index` removed (the later ones move up into its time). */
export const removeRow = (rows: DayRow[], index: number): DayRow[] => rows.filter((_, i) => i !== index);

/** The row at `index` changed. */
export const changeRow = (rows: DayRow[], index: number, change: Partial<DayRow>): DayRow[] =>
  rows.map((r, i) => (i === index ? { ...r, ...change } : r));
