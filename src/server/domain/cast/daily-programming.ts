import { z } from "zod";
import type { ProgramType } from "@/generated/prisma/enums";
import { directRead, type Db } from "@/server/db/client";
import type { Ctx } from "@/server/domain/context";
import { optionalUserId, requireUserId } from "@/server/domain/context";
import { loadAudienceCastChannel, loadOwnCastChannel, toCastStreamView, type CastChannelView } from "./cast-views";
import type { ProgramView } from "./program-view";
import { DAY_MS, dayStart, rangeEnd, zOffsetMs, zPathDay, type DayRange } from "./schedule-day";

/** The document's Daily programming: one day of a channel in the caller's offset, its programs in order. */
export interface DailyProgrammingView {
  channel: CastChannelView;
  /** 00:00:00 of the day in the caller's offset. */
  dayStart: Date;
  programs: ProgramView[];
}

/** One day of a calendar: its 00:00:00 and its programs. */
export interface CalendarDay {
  dayStart: Date;
  programs: ProgramView[];
}

export const dayInput = z.object({ channelId: z.string(), date: zPathDay, offsetMs: zOffsetMs });

interface CalendarRow {
  programId: string;
  itemType: ProgramType;
  title: string;
  description: string | null;
  thumbnailId: string | null;
  tags: string[] | null;
  startsAt: number;
  endsAt: number;
  offsetSeconds: number;
  box: {
    id: string;
    contentId: string;
    resourceId: string;
    title: string;
    description: string | null;
    durationSeconds: number | null;
    thumbnailId: string | null;
    tags: string[] | null;
  } | null;
  stream: {
    id: string;
    ownerId: string;
    name: string;
    description: string | null;
    streamPath: string;
    thumbnailId: string | null;
    tags: string[] | null;
  } | null;
}

// One statement through the driver and one value, as the bundle items are read (bundles/bundle-items.ts):
// a month of 50 programs a day is 2,100 rows, their content or stream joined in, leaving the
// database as one JSON array.
const CALENDAR = `SELECT coalesce(json_agg(r ORDER BY r."startsAt"), '[]')::text AS programs
  FROM (SELECT p."id" AS "programId", p."itemType", p."title", p."description", p."thumbnailId", p."tags",
      (EXTRACT(EPOCH FROM p."startsAt") * 1000)::float8 AS "startsAt", (EXTRACT(EPOCH FROM p."endsAt") * 1000)::float8 AS "endsAt",
      p."offsetSeconds",
      CASE WHEN b."id" IS NOT NULL THEN json_build_object('id', b."id", 'contentId', b."contentId", 'resourceId', b."resourceId",
        'title', b."title", 'description', b."description", 'durationSeconds', b."durationSeconds", 'thumbnailId', b."thumbnailId", 'tags', b."tags") END AS "box",
      CASE WHEN s."id" IS NOT NULL THEN json_build_object('id', s."id", 'ownerId', s."ownerId", 'name', s."name", 'description', s."description",
        'streamPath', s."streamPath", 'thumbnailId', s."thumbnailId", 'tags', s."tags") END AS "stream"
    FROM "CastProgram" p
    LEFT JOIN "BoxItem" b ON b."id" = p."boxItemId" AND p."itemType" = 'PRERECORDED'
    LEFT JOIN "CastStream" s ON s."id" = p."streamId" AND p."itemType" = 'LIVE'
    WHERE p."channelId" = $1::uuid AND p."startsAt" >= $2::timestamp AND p."startsAt" < $3::timestamp) r`;

const timestampOf = (ms: number) => new Date(ms).toISOString().replace("T", " ").replace("Z", "");

function toView(r: CalendarRow, channel: CastChannelView, baseUrl: string | undefined): ProgramView {
  const b = r.box;
  const s = r.stream;
  return {
    programId: r.programId,
    title: r.title,
    description: r.description ?? undefined,
    startsAt: new Date(r.startsAt),
    endsAt: new Date(r.endsAt),
    itemType: r.itemType,
    thumbnailId: r.thumbnailId ?? undefined,
    tags: r.tags ?? [],
    boxContent: b
      ? {
          boxId: b.id,
          contentId: b.contentId,
          resourceId: b.resourceId,
          title: b.title,
          description: b.description ?? undefined,
          durationSeconds: b.durationSeconds,
          thumbnailId: b.thumbnailId ?? undefined,
          tags: b.tags ?? [],
        }
      : undefined,
    offsetSeconds: r.itemType === "PRERECORDED" ? r.offsetSeconds : undefined,
    stream: s ? toCastStreamView({ ...s, tags: s.tags ?? [] }, baseUrl) : undefined,
    channel,
  };
}

/** The programs of a channel started in the range, grouped by day: one statement for any number of days and programs. */
export async function readCalendar(db: Db, channel: CastChannelView, range: DayRange, baseUrl?: string): Promise<CalendarDay[]> {
  const [row] = await directRead(db)<{ programs: string }>(CALENDAR, [
    channel.channelId,
    timestampOf(range.from),
    timestampOf(rangeEnd(range)),
  ]);
  const days: CalendarDay[] = Array.from({ length: range.dayCount }, (_, i) => ({
    dayStart: new Date(range.from + i * DAY_MS),
    programs: [],
  }));
  for (const r of JSON.parse(row?.programs ?? "[]") as CalendarRow[])
    days[Math.floor((r.startsAt - range.from) / DAY_MS)]!.programs.push(toView(r, channel, baseUrl));
  return days;
}

/** One of the caller's channels' day as its owner reads it (what every day operation answers). */
export async function readOwnDay(ctx: Ctx, channelId: unknown, from: number): Promise<DailyProgrammingView> {
  const channel = await loadOwnCastChannel(ctx.db, requireUserId(ctx), channelId, ctx.baseUrl);
  const [day] = await readCalendar(ctx.db, channel, { from, dayCount: 1 }, ctx.baseUrl);
  return { channel, ...day! };
}

// GET /api/cast/channel/{channelId}/dailyprogramming/{yyyyMMdd} - the day (00:00:00 to 24:00:00 in
// the caller's X-Service-timezone offset) of one of the caller's channels: the programs started in
// it (rule 3), in order.
export async function getDailyProgramming(ctx: Ctx, input: z.output<typeof dayInput>): Promise<DailyProgrammingView> {
  return readOwnDay(ctx, input.channelId, dayStart(input.date, input.offsetMs));
}

// GET /api/public/cast/channel/{channelId}/dailyprogramming/{yyyyMMdd} - the same day of any channel
// of an active creator, its channel with the publisher.
export async function getPublicDailyProgramming(ctx: Ctx, input: z.output<typeof dayInput>): Promise<DailyProgrammingView> {
  const from = dayStart(input.date, input.offsetMs);
  const channel = await loadAudienceCastChannel(ctx.db, optionalUserId(ctx), input.channelId, ctx.baseUrl);
  const [day] = await readCalendar(ctx.db, channel, { from, dayCount: 1 }, ctx.baseUrl);
  return { channel, ...day! };
}
