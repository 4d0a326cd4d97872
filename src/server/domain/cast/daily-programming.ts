import { z } from "zod";
import type { ProgramType } from "@/generated/prisma/enums";
import { contentColumnsOf, contentFieldsOf, type ContentRow } from "@/server/domain/box/content-fields";
import type { SqlPort } from "@/server/db/sql-runner";
import { columnsOf, jsonTuple } from "@/server/db/json-rows";
import type { Ctx } from "@/server/core/context";
import { optionalUserId, requireUserId } from "@/server/core/context";
import { loadAudienceCastChannel, loadOwnCastChannel, toCastStreamView, type CastChannelView } from "./cast-views";
import type { ProgramView } from "./program-view";
import { todayUtc } from "@/server/domain/vod/vod-item-view";
import { catchUpVodSql, watchUrlOf } from "./catch-up";
import { dayStart, rangeEnd, timestampOf, zOffsetMs, zPathDay } from "./schedule-day";
import { DAY_MS, type DayRange } from "@/lib/cast-schedule-rules";

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

/** A program as the calendar statement reads it (instants in ms, as float8: rounded). */
interface ProgramJson {
  id: string;
  itemType: ProgramType;
  title: string;
  description: string | null;
  thumbnailId: string | null;
  tags: string[] | null;
  startsAtMs: number;
  endsAtMs: number;
  offsetSeconds: number;
  boxItemId: string | null;
  streamId: string | null;
}
const PROGRAM = jsonTuple<ProgramJson>({
  ...columnsOf("p", "id", "itemType", "title", "description", "thumbnailId", "tags"),
  startsAtMs: `date_part('epoch', p."startsAt") * 1000`,
  endsAtMs: `date_part('epoch', p."endsAt") * 1000`,
  ...columnsOf("p", "offsetSeconds", "boxItemId", "streamId"),
});
/** A content the calendar plays, with the vod its programs are watched again on (catch-up). */
interface PlayedContentJson extends ContentRow {
  id: string;
  catchUpVodId: string | null;
}
const PLAYED_CONTENT = jsonTuple<PlayedContentJson>({
  id: `b."id"`,
  catchUpVodId: catchUpVodSql('b."id"', "$4"),
  ...contentColumnsOf("b"),
});
interface StreamJson {
  id: string;
  ownerId: string;
  name: string;
  description: string | null;
  streamPath: string;
  thumbnailId: string | null;
  tags: string[] | null;
}
const STREAM = jsonTuple<StreamJson>(columnsOf("s", "id", "ownerId", "name", "description", "streamPath", "thumbnailId", "tags"));
const CALENDAR_PARTS = jsonTuple<{ programs: unknown[][]; contents: unknown[][]; streams: unknown[][] }>({
  programs: `(SELECT coalesce(json_agg(${PROGRAM.sql} ORDER BY p."startsAt"), '[]') FROM p)`,
  contents: `(SELECT coalesce(json_agg(${PLAYED_CONTENT.sql}), '[]') FROM "BoxItem" b WHERE b."id" IN (SELECT "boxItemId" FROM p WHERE "itemType" = 'PRERECORDED'))`,
  streams: `(SELECT coalesce(json_agg(${STREAM.sql}), '[]')
      FROM "CastStream" s WHERE s."id" IN (SELECT "streamId" FROM p WHERE "itemType" = 'LIVE'))`,
});

// One statement through the driver and one value, as the bundle items are read (bundles/bundle-items.ts):
// a month of 50 programs a day is 2,100 programs leaving the database as one JSON text. Each content
// and stream played comes once, not once per program (a month plays the same few hundred contents
// again and again), and rows are arrays without keys (db/json-rows.ts): a third of the text, half the database's time.
const CALENDAR = `WITH p AS (SELECT * FROM "CastProgram" WHERE "channelId" = $1::uuid AND "startsAt" >= $2::timestamp AND "startsAt" < $3::timestamp)
  SELECT ${CALENDAR_PARTS.sql}::text AS calendar`;

/** The programs of a channel started in the range, grouped by day: one statement for any number of days and programs. */
export async function readCalendar(sql: SqlPort, channel: CastChannelView, range: DayRange, baseUrl?: string): Promise<CalendarDay[]> {
  const [row] = await sql.read<{ calendar: string }>(CALENDAR, [
    channel.channelId,
    timestampOf(range.from),
    timestampOf(rangeEnd(range)),
    todayUtc(),
  ]);
  const parts = CALENDAR_PARTS.row(JSON.parse(row!.calendar) as unknown[]);
  const contents = parts.contents.map(PLAYED_CONTENT.row);
  // one view per content or stream, shared by the programs that play it (views are only read)
  const contentById = new Map(contents.map((c) => [c.id, contentFieldsOf(c.id, c, undefined)]));
  const watchUrlById = new Map(contents.flatMap((c) => (c.catchUpVodId ? [[c.id, watchUrlOf(c.catchUpVodId, baseUrl)]] : [])));
  const streamById = new Map(
    parts.streams.map((values) => {
      const s = STREAM.row(values);
      return [s.id, toCastStreamView({ ...s, tags: s.tags ?? [] }, baseUrl)];
    }),
  );
  const days: CalendarDay[] = Array.from({ length: range.dayCount }, (_, i) => ({
    dayStart: new Date(range.from + i * DAY_MS),
    programs: [],
  }));
  for (const values of parts.programs) {
    const {
      id: programId,
      itemType,
      title,
      description,
      thumbnailId,
      tags,
      startsAtMs,
      endsAtMs,
      offsetSeconds,
      boxItemId,
      streamId,
    } = PROGRAM.row(values);
    const startsAt = new Date(Math.round(startsAtMs));
    days[Math.floor((startsAt.getTime() - range.from) / DAY_MS)]!.programs.push({
      programId,
      title,
      description: description ?? undefined,
      startsAt,
      endsAt: new Date(Math.round(endsAtMs)),
      itemType,
      thumbnailId: thumbnailId ?? undefined,
      tags: tags ?? [],
      boxContent: itemType === "PRERECORDED" && boxItemId ? contentById.get(boxItemId) : undefined,
      offsetSeconds: itemType === "PRERECORDED" ? offsetSeconds : undefined,
      watchUrl: itemType === "PRERECORDED" && boxItemId ? watchUrlById.get(boxItemId) : undefined,
      stream: itemType === "LIVE" && streamId ? streamById.get(streamId) : undefined,
      channel,
    });
  }
  return days;
}

/** One of the caller's channels' day as its owner reads it (what every day operation answers). */
export async function readOwnDay(ctx: Ctx, channelId: unknown, from: number): Promise<DailyProgrammingView> {
  const channel = await loadOwnCastChannel(ctx.db, requireUserId(ctx), channelId, ctx.baseUrl);
  const [day] = await readCalendar(ctx.sql, channel, { from, dayCount: 1 }, ctx.baseUrl);
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
  const [day] = await readCalendar(ctx.sql, channel, { from, dayCount: 1 }, ctx.baseUrl);
  return { channel, ...day! };
}
