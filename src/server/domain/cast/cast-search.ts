import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { emptyToUndefined } from "@/server/core/schema";
import { searchPage, searchRequest, type SearchPage, type SearchRequest } from "@/server/domain/shared/search";
import { readIdPage } from "@/server/domain/shared/id-page";
import { normalizeUuid } from "@/server/core/uuid";
import { findActiveUserIdByCode, userCodeFilter } from "@/server/domain/users/active-user-by-code";
import { channelMatch, scheduledMatch, tagsFilter } from "@/server/domain/live/live-search";
import {
  castChannelSelect,
  castStreamSelect,
  toCastChannelView,
  toCastStreamView,
  type CastChannelView,
  type CastStreamView,
} from "./cast-views";
import { programSelect, toProgramView, type ProgramView } from "./program-view";

export const searchCastChannelsInput = searchRequest;
export const searchCastStreamsInput = searchRequest;
export const searchPublicCastChannelsInput = searchRequest.extend({ userCode: userCodeFilter });

export const PROGRAM_SEGMENTS = ["onair", "upcoming", "past", "all"] as const;
export const searchProgramsInput = searchRequest.extend({
  /** Absent: the programs that end after now (supplement §2). */
  segment: z.preprocess(
    (v) => (typeof v === "string" ? emptyToUndefined(v.toLowerCase()) : v),
    z.enum(PROGRAM_SEGMENTS, "field.segment").optional(),
  ),
  userCode: userCodeFilter,
  channelId: z.preprocess(emptyToUndefined, z.string().max(100).optional()),
});

const where = (conditions: Prisma.Sql[]) => Prisma.join(conditions, " AND ");

/** Cast channels `c` of active creators: query over name, tags, description (and the publisher); by relevance, then name. */
function searchChannels(ctx: Ctx, request: SearchRequest, scope: { ownerId?: string; ownerOnly?: boolean; publisherWords: boolean }) {
  const m = channelMatch(request.queryString, scope.publisherWords);
  const conditions = [Prisma.sql`u."status" = 'ACTIVE'`, ...tagsFilter("c", request.tags)];
  // the audience never finds a channel taken down (domain/admin); its owner does
  if (!scope.ownerOnly) conditions.push(Prisma.sql`c."takedownId" IS NULL`);
  if (scope.ownerId) conditions.push(Prisma.sql`c."ownerId" = ${scope.ownerId}::uuid`);
  if (m) conditions.push(m.where);
  const from = Prisma.sql`FROM "CastChannel" c JOIN "User" u ON u."id" = c."ownerId" WHERE ${where(conditions)}`;
  const order = Prisma.sql`${m ? Prisma.sql`${m.rank} DESC, ` : Prisma.empty}c."name" ASC, c."id" ASC`;
  return readIdPage(ctx, request, { from, id: `c."id"`, order }, async (ids) => {
    const rows = await ctx.db.castChannel.findMany({ where: { id: { in: ids } }, select: castChannelSelect });
    return new Map(rows.map((r) => [r.id, toCastChannelView(r, ctx.baseUrl)]));
  });
}

// POST /api/search/cast/channels - the caller's channels: queryString over name, tags, description
// (`*` at the end: prefix), every tag of `tags`; by relevance, then name.
export function searchCastChannels(ctx: Ctx, input: z.output<typeof searchCastChannelsInput>): Promise<SearchPage<CastChannelView>> {
  return searchChannels(ctx, input, { ownerId: requireUserId(ctx), ownerOnly: true, publisherWords: false });
}

// POST /api/public/search/cast/channels - the channels of active creators with their publisher: the
// publisher's words too without a userCode filter; an unknown userCode finds nothing.
export async function searchPublicCastChannels(
  ctx: Ctx,
  input: z.output<typeof searchPublicCastChannelsInput>,
): Promise<SearchPage<CastChannelView>> {
  if (input.userCode === undefined) return searchChannels(ctx, input, { publisherWords: true });
  const ownerId = await findActiveUserIdByCode(ctx.sql, input.userCode);
  return ownerId ? searchChannels(ctx, input, { ownerId, publisherWords: false }) : searchPage(input, 0, []);
}

// POST /api/search/cast/streams - the caller's streams: queryString over name, tags, description; by relevance, then name.
export function searchCastStreams(ctx: Ctx, input: z.output<typeof searchCastStreamsInput>): Promise<SearchPage<CastStreamView>> {
  const m = channelMatch(input.queryString, false);
  const conditions = [Prisma.sql`c."ownerId" = ${requireUserId(ctx)}::uuid`, ...tagsFilter("c", input.tags)];
  if (m) conditions.push(m.where);
  const from = Prisma.sql`FROM "CastStream" c WHERE ${where(conditions)}`;
  const order = Prisma.sql`${m ? Prisma.sql`${m.rank} DESC, ` : Prisma.empty}c."name" ASC, c."id" ASC`;
  return readIdPage(ctx, input, { from, id: `c."id"`, order }, async (ids) => {
    const rows = await ctx.db.castStream.findMany({ where: { id: { in: ids } }, select: castStreamSelect });
    return new Map(rows.map((r) => [r.id, toCastStreamView(r, ctx.baseUrl)]));
  });
}

const SEGMENTS: Record<(typeof PROGRAM_SEGMENTS)[number] | "current", (now: Date) => Prisma.Sql> = {
  onair: (now) => Prisma.sql`p."startsAt" <= ${now} AND p."endsAt" > ${now}`,
  upcoming: (now) => Prisma.sql`p."startsAt" > ${now}`,
  past: (now) => Prisma.sql`p."endsAt" <= ${now}`,
  all: () => Prisma.sql`TRUE`,
  current: (now) => Prisma.sql`p."endsAt" > ${now}`,
};

// POST /api/public/search/cast/programs/{segment} and /api/public/search/cast/programs - the programs
// of active creators' channels, with their channel and publisher: `onair` (now in [start, end)),
// `upcoming` (starting after now), `past` (ended), `all`; without a segment, those that end after
// now. Breaks (the slate) are left out. queryString over the program's title, tags and description,
// its channel (boost 0.7, without a channelId filter) and its publisher (boost 0.5, without a
// userCode filter); filters userCode, channelId, tags. Sorted by start time, then end time.
export async function searchPrograms(ctx: Ctx, input: z.output<typeof searchProgramsInput>): Promise<SearchPage<ProgramView>> {
  const conditions = [
    Prisma.sql`u."status" = 'ACTIVE'`,
    Prisma.sql`c."takedownId" IS NULL`,
    Prisma.sql`p."itemType" <> 'BREAK'`,
    SEGMENTS[input.segment ?? "current"](new Date()),
  ];
  conditions.push(...tagsFilter("p", input.tags));
  if (input.userCode !== undefined) {
    const ownerId = await findActiveUserIdByCode(ctx.sql, input.userCode);
    if (!ownerId) return searchPage(input, 0, []);
    conditions.push(Prisma.sql`c."ownerId" = ${ownerId}::uuid`);
  }
  if (input.channelId !== undefined) {
    const channelId = normalizeUuid(input.channelId);
    if (!channelId) return searchPage(input, 0, []);
    conditions.push(Prisma.sql`p."channelId" = ${channelId}::uuid`);
  }
  const m = scheduledMatch("p", input.queryString, {
    nameColumn: "title",
    channel: input.channelId === undefined,
    publisher: input.userCode === undefined,
  });
  if (m) conditions.push(m.where);
  const from = Prisma.sql`FROM "CastProgram" p JOIN "CastChannel" c ON c."id" = p."channelId" JOIN "User" u ON u."id" = c."ownerId" WHERE ${where(conditions)}`;
  const order = Prisma.sql`p."startsAt" ASC, p."endsAt" ASC, p."id" ASC`;
  return readIdPage(ctx, input, { from, id: `p."id"`, order }, async (ids) => {
    const rows = await ctx.db.castProgram.findMany({ where: { id: { in: ids } }, select: programSelect });
    return new Map(rows.map((r) => [r.id, toProgramView(r, ctx.baseUrl)]));
  });
}
