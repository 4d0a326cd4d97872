// The draft of a day in the portal's day editor: its programs in order, each with its start and
// length; the operations keep the day continuous (rule 5) as the server's insert and move do, and the
// scheduling rules (the server's own pure check) say what a save would refuse, beside the programs.
import type { ProgramType } from "@/generated/prisma/enums";
import type { ProgramView } from "@/server/domain/cast/program-view";
import { scheduleRuleBreaks, type Neighbour, type RuleBreak } from "@/server/domain/cast/schedule-rules";
import { formatDuration } from "@/server/rest/wire";

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
  startsAt: number;
  seconds: number;
  /** PRERECORDED: seconds into the content, and the most it may last from there. */
  offset: number;
  maxSeconds?: number;
}

let nextKey = 0;
export const newKey = () => `new-${++nextKey}`;

export const endOf = (r: DayRow) => r.startsAt + r.seconds * 1000;

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
    startsAt: p.startsAt.getTime(),
    seconds: Math.round((p.endsAt.getTime() - p.startsAt.getTime()) / 1000),
    offset,
    maxSeconds: content == null ? undefined : Math.max(0, content - offset),
  };
}

/** The rows from `index` on, each starting when the one before ends (the first at `start`). */
export function chainFrom(rows: DayRow[], index: number, start: number): DayRow[] {
  let at = start;
  return rows.map((r, i) => {
    if (i < index) return r;
    const next = { ...r, startsAt: at };
    at = endOf(next);
    return next;
  });
}

/** `row` put before the one at `index` (where that one started), the later ones after it. */
export function insertRow(rows: DayRow[], index: number, row: DayRow, emptyDayStart: number): DayRow[] {
  const start = rows[index]?.startsAt ?? (rows.at(-1) ? endOf(rows.at(-1)!) : emptyDayStart);
  const next = [...rows.slice(0, index), row, ...rows.slice(index)];
  return chainFrom(next, index, start);
}

/** The row at `from` moved to place `to` of the result; the day keeps its start, every row its length. */
export function moveRow(rows: DayRow[], from: number, to: number): DayRow[] {
  const next = [...rows];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return chainFrom(next, 0, rows[0]!.startsAt);
}

/** The row at `index` removed; the later ones move up into its time. */
export function removeRow(rows: DayRow[], index: number): DayRow[] {
  return chainFrom(
    rows.filter((_, i) => i !== index),
    index,
    rows[index]!.startsAt,
  );
}

/** The row at `index` changed; with `rechain`, the later ones follow its new end. */
export function changeRow(rows: DayRow[], index: number, change: Partial<DayRow>, rechain: boolean): DayRow[] {
  const next = rows.map((r, i) => (i === index ? { ...r, ...change } : r));
  return rechain && index + 1 < next.length ? chainFrom(next, index + 1, endOf(next[index]!)) : next;
}

/** A length for people: m:ss, or h:mm:ss from an hour up. */
export function lengthText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 3600) return formatDuration(s);
  return `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

/** What each rule break says beside a program it involves. */
const ruleTexts: Record<string, string> = {
  "error.castRule1": "Rule 1: its times must be whole seconds.",
  "error.castRule2": "Rule 2: it must end after it starts.",
  "error.castRule3Day": "Rule 3: it must start within this day.",
  "error.castRule3Length": "Rule 3: a program lasts at most 24 hours.",
  "error.castRule3DayLength": "Rule 3: the day would last over 24 hours.",
  "error.castRule4": "Rule 4: the day must start after the previous day's last program ends, and end before the next day's first starts.",
  "error.castRule6": "Rule 6: a break plays nothing.",
};

function ruleText(b: RuleBreak, rows: DayRow[]): string {
  if (b.messageId !== "error.castRule5") return ruleTexts[b.messageId] ?? `Rule ${b.rule} is broken.`;
  const [a, c] = b.programs.map((p) => rows[p.index!]!);
  const gap = (c!.startsAt - endOf(a!)) / 1000;
  return gap < 0
    ? `Rule 5: "${a!.title}" and "${c!.title}" overlap by ${lengthText(-gap)}.`
    : `Rule 5: a gap of ${lengthText(gap)} between "${a!.title}" and "${c!.title}": each program starts when the previous one ends.`;
}

/**
 * The problems of the draft by row index, as a save would meet them: the six scheduling rules (the
 * days around taken into account) and a content played longer than it lasts.
 */
export function dayProblems(rows: DayRow[], dayStart: number, before?: Neighbour, after?: Neighbour): Map<number, string[]> {
  const problems = new Map<number, string[]>();
  const add = (index: number, text: string) => problems.set(index, [...(problems.get(index) ?? []), text]);
  const timed = rows.map((r) => ({ itemType: r.itemType, title: r.title, startsAt: r.startsAt, endsAt: endOf(r), sourceId: r.sourceId }));
  for (const b of scheduleRuleBreaks({ range: { from: dayStart, dayCount: 1 }, days: [timed], before, after })) {
    const text = ruleText(b, rows);
    for (const p of b.programs) if (p.index !== undefined) add(p.index, text);
  }
  rows.forEach((r, i) => {
    if (r.maxSeconds !== undefined && r.seconds > r.maxSeconds)
      add(i, `It lasts longer than its content (${lengthText(r.maxSeconds)}): cut it shorter.`);
  });
  return problems;
}

/** "m:ss", "h:mm:ss" or plain seconds -> seconds; undefined when it is none of them. */
export function parseLength(text: string): number | undefined {
  const m = /^\s*(?:(\d+):)?(\d+)(?::(\d{1,2}))?\s*$/.exec(text);
  if (!m) return undefined;
  const [, a, b, c] = m;
  const seconds =
    c !== undefined ? Number(a ?? 0) * 3600 + Number(b) * 60 + Number(c) : a !== undefined ? Number(a) * 60 + Number(b) : Number(b);
  return seconds > 0 ? seconds : undefined;
}
