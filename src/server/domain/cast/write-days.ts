import { randomUUID } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import type { ProgramType } from "@/generated/prisma/enums";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { DomainError, notFound } from "@/server/core/errors";
import { normalizeUuid } from "@/server/core/uuid";
import { checkSources, type PlannedProgram } from "./program-sources";
import { dayIndexOf, rangeEnd, timestampOf } from "./schedule-day";
import { type DayRange } from "@/lib/cast-schedule-rules";
import { checkScheduleRules } from "./schedule-rules";
import { type Neighbour } from "@/lib/cast-schedule-rules";
import { castScheduleChanged } from "@/server/media/cast/output/channel-schedule";

/** The programs of the days being changed as they are, and the neighbours the rules look at. */
export interface CurrentDays {
  /** One list per day of the range, in broadcast order. */
  days: PlannedProgram[][];
  before?: Neighbour;
  after?: Neighbour;
}

interface ProgramRow {
  id: string;
  itemType: ProgramType;
  title: string;
  description: string | null;
  tags: string[];
  thumbnailId: string | null;
  startsAt: Date;
  endsAt: Date;
  boxItemId: string | null;
  streamId: string | null;
  offsetSeconds: number;
}

const COLUMNS = `"id"::text AS id, "itemType", "title", "description", "tags", "thumbnailId"::text AS "thumbnailId", "startsAt", "endsAt",
  "boxItemId"::text AS "boxItemId", "streamId"::text AS "streamId", "offsetSeconds"`;

const toPlanned = (r: ProgramRow): PlannedProgram => ({
  programId: r.id,
  itemType: r.itemType,
  title: r.title,
  description: r.description ?? undefined,
  tags: r.tags,
  thumbnailId: r.thumbnailId ?? undefined,
  startsAt: r.startsAt.getTime(),
  endsAt: r.endsAt.getTime(),
  sourceId: r.boxItemId ?? r.streamId ?? undefined,
  offsetSeconds: r.offsetSeconds,
});

/** A channel's programs started in the range, with the last one started before it and the first one after: one statement. */
export async function readDays(tx: Prisma.TransactionClient, channelId: string, range: DayRange): Promise<CurrentDays> {
  const [from, to] = [new Date(range.from), new Date(rangeEnd(range))];
  const rows = await tx.$queryRawUnsafe<ProgramRow[]>(
    `(SELECT ${COLUMNS} FROM "CastProgram" WHERE "channelId" = $1::uuid AND "startsAt" < $2 ORDER BY "startsAt" DESC LIMIT 1)
     UNION ALL (SELECT ${COLUMNS} FROM "CastProgram" WHERE "channelId" = $1::uuid AND "startsAt" >= $2 AND "startsAt" < $3)
     UNION ALL (SELECT ${COLUMNS} FROM "CastProgram" WHERE "channelId" = $1::uuid AND "startsAt" >= $3 ORDER BY "startsAt" LIMIT 1)`,
    channelId,
    from,
    to,
  );
  const current: CurrentDays = { days: Array.from({ length: range.dayCount }, () => []) };
  for (const row of rows.map(toPlanned).sort((a, b) => a.startsAt - b.startsAt)) {
    const day = dayIndexOf(range, row.startsAt);
    if (day < 0) current.before = row;
    else if (day >= range.dayCount) current.after = row;
    else current.days[day]!.push(row);
  }
  return current;
}

/**
 * Locks one of the caller's channels for a change of its programming: 404 for another user's, 409
 * while it is locked (supplement §2).
 */
export async function lockProgramming(tx: Prisma.TransactionClient, ownerId: string, channelId: unknown): Promise<string> {
  const id = normalizeUuid(channelId);
  const [row] = id
    ? await tx.$queryRaw<{ id: string; locked: boolean }[]>`SELECT "id"::text AS id, "locked" FROM "CastChannel"
        WHERE "id" = ${id}::uuid AND "ownerId" = ${ownerId}::uuid FOR UPDATE`
    : [];
  if (!row) throw notFound("error.castChannelNotFound");
  if (row.locked) throw new DomainError("CONFLICT", "error.castChannelLocked");
  return row.id;
}

// The programs written as one JSON parameter turned into rows by the database: one statement and a
// few parameters for any number of programs (an ORM insert of 200 programs is 2,400 parameters
// compiled and bound one by one, most of a day save's time).
const INSERT_PROGRAMS = `INSERT INTO "CastProgram" ("id", "channelId", "itemType", "title", "description", "tags", "thumbnailId", "startsAt", "endsAt",
    "boxItemId", "streamId", "offsetSeconds", "createdAt", "updatedAt")
  SELECT r."id", $1::uuid, r."itemType", r."title", r."description", r."tags", r."thumbnailId", r."startsAt", r."endsAt",
    r."boxItemId", r."streamId", r."offsetSeconds", now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
  FROM json_to_recordset($2::json) AS r("id" uuid, "itemType" "ProgramType", "title" text, "description" text, "tags" text[], "thumbnailId" uuid,
    "startsAt" timestamp, "endsAt" timestamp, "boxItemId" uuid, "streamId" uuid, "offsetSeconds" int)`;

/** A program as a row of INSERT_PROGRAMS. */
const programRecord = (p: PlannedProgram, id: string) => ({
  id,
  itemType: p.itemType,
  title: p.title,
  description: p.description ?? null,
  tags: p.tags,
  thumbnailId: p.thumbnailId ?? null,
  startsAt: timestampOf(p.startsAt),
  endsAt: timestampOf(p.endsAt),
  boxItemId: p.itemType === "PRERECORDED" ? p.sourceId : null,
  streamId: p.itemType === "LIVE" ? p.sourceId : null,
  offsetSeconds: p.itemType === "PRERECORDED" ? p.offsetSeconds : 0,
});

/** What a change of days computes from the days as they are. */
export type DaysPlan = (current: CurrentDays, tx: Prisma.TransactionClient) => PlannedProgram[][] | Promise<PlannedProgram[][]>;

/**
 * Rewrites the programs started in `range` of one of the caller's channels with what `plan`
 * computes from the current ones, in one transaction holding the channel's lock: the sources are
 * checked, then the six rules over the new days and their neighbours, and only then the range's
 * programs are replaced (one delete, one insert): a refusal writes nothing. Statements: lock, read,
 * sources, delete, insert, whatever the number of programs. Answers the channel's id.
 */
export async function rewriteDays(ctx: Ctx, channelId: unknown, range: DayRange, plan: DaysPlan): Promise<string> {
  const ownerId = requireUserId(ctx);
  const written = await ctx.db.$transaction(async (tx) => {
    const id = await lockProgramming(tx, ownerId, channelId);
    const current = await readDays(tx, id, range);
    const days = await plan(current, tx);
    const programs = days.flat();
    await checkSources(tx, ownerId, programs);
    checkScheduleRules({ range, days, before: current.before, after: current.after });
    // a program of these days named in the result keeps its id, once (a save may name one twice)
    const kept = new Set(current.days.flat().map((p) => p.programId));
    const idOf = (p: PlannedProgram) => (p.programId && kept.delete(p.programId) ? p.programId : randomUUID());
    await tx.$executeRaw`DELETE FROM "CastProgram"
      WHERE "channelId" = ${id}::uuid AND "startsAt" >= ${timestampOf(range.from)}::timestamp AND "startsAt" < ${timestampOf(rangeEnd(range))}::timestamp`;
    if (programs.length) await tx.$executeRawUnsafe(INSERT_PROGRAMS, id, JSON.stringify(programs.map((p) => programRecord(p, idOf(p)))));
    // every node's playout reads the new days from its next playlist on (told at the commit)
    await castScheduleChanged(tx, id);
    return id;
  });
  return written;
}
