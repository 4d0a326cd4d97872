import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { emptyToUndefined, zBool } from "@/server/core/schema";
import { searchPage, searchRequest, type SearchPage, type SearchRequest } from "@/server/domain/shared/search";
import { findActiveUserIdByCode, userCodeFilter } from "@/server/domain/users/active-user-by-code";
import { upperOrUndefined } from "@/server/domain/vod/vod-fields";
import { PAYMENT_MODES } from "./event-fields";
import { eventsInOrder, type LiveEventView } from "./event-view";
import { eventMatch, tagsFilter } from "./live-search";
import { signLive } from "./live-sources";

const optionalBool = z.preprocess(emptyToUndefined, zBool().optional());

/** The filters both event searches read (supplement §1). */
const eventFilters = {
  /** Only this channel's events. */
  channelId: z.preprocess(emptyToUndefined, z.uuid("field.invalid").optional()),
  /** Events already over too (default: only those not ended). */
  pastIncluded: z.preprocess((v) => emptyToUndefined(v) ?? false, zBool()),
  /** conditions.licenseType: the event's paymentMode. */
  conditions: z.preprocess(
    (v) => v ?? undefined,
    z.object({ licenseType: z.preprocess(upperOrUndefined, z.enum(PAYMENT_MODES, "field.paymentMode").optional()) }).optional(),
  ),
};

export const searchEventsInput = searchRequest.extend({
  ...eventFilters,
  /** Only the events (not) listed in public pages (publicEvent). */
  public: optionalBool,
  /** Only the events that have (not) become a recording in the box (a replay). */
  recorded: optionalBool,
});

export const searchPublicEventsInput = searchRequest.extend({ ...eventFilters, userCode: userCodeFilter });

type Filters = z.output<typeof searchEventsInput>;

interface EventScope {
  ownerId?: string;
  /** The public search: listed events of public channels of active creators (rules 2 and 3), by time. */
  listedOnly: boolean;
  publisherWords: boolean;
}

async function runEventSearch(ctx: Ctx, request: SearchRequest & Partial<Filters>, scope: EventScope) {
  const m = eventMatch(request.queryString, { channel: !request.channelId, publisher: scope.publisherWords });
  const conditions = [Prisma.sql`u."status" = 'ACTIVE'`, ...tagsFilter("e", request.tags)];
  if (scope.ownerId) conditions.push(Prisma.sql`c."ownerId" = ${scope.ownerId}::uuid`);
  // the audience's listing: neither a private event or channel, nor a channel taken down (domain/admin)
  if (scope.listedOnly) conditions.push(Prisma.sql`e."publicEvent" AND c."public" AND c."takedownId" IS NULL`);
  if (request.channelId) conditions.push(Prisma.sql`e."channelId" = ${request.channelId}::uuid`);
  if (!request.pastIncluded) conditions.push(Prisma.sql`e."endsAt" > ${new Date()}`);
  if (request.conditions?.licenseType) conditions.push(Prisma.sql`e."paymentMode"::text = ${request.conditions.licenseType}`);
  if (request.public !== undefined) conditions.push(Prisma.sql`e."publicEvent" = ${request.public}`);
  if (request.recorded !== undefined)
    conditions.push(request.recorded ? Prisma.sql`e."recordingBoxItemId" IS NOT NULL` : Prisma.sql`e."recordingBoxItemId" IS NULL`);
  if (m) conditions.push(m.where);
  const from = Prisma.sql`FROM "LiveEvent" e JOIN "LiveChannel" c ON c."id" = e."channelId" JOIN "User" u ON u."id" = c."ownerId"
    WHERE ${Prisma.join(conditions, " AND ")}`;
  // private: relevance, start, end; public: start, end (the document's sorts)
  const relevance = m && !scope.listedOnly ? Prisma.sql`${m.rank} DESC, ` : Prisma.empty;
  const [countRows, idRows] = await Promise.all([
    ctx.db.$queryRaw<{ count: bigint | number }[]>`SELECT count(*) AS count ${from}`,
    ctx.db.$queryRaw<{ id: string }[]>`SELECT e."id"::text AS id ${from}
      ORDER BY ${relevance}e."startsAt" ASC, e."endsAt" ASC, e."id" ASC
      LIMIT ${request.pageSize} OFFSET ${request.pageIndex * request.pageSize}`,
  ]);
  const items = await eventsInOrder(
    ctx.db,
    idRows.map((r) => r.id),
    ctx.baseUrl,
  );
  return searchPage(request, Number(countRows[0]?.count ?? 0), items);
}

/** A private search's event with the owner's own play address (the document's myPlayHlsUrl, playUrlExpireDate). */
export type OwnEventItem = LiveEventView & { myPlay: { url: string; expiresAt: Date } };

// POST /api/search/live/events - the caller's events: queryString over the event (name, tags,
// description) and, without a channelId filter, its channel at the document's boost 0.7; filters
// channelId, public, recorded, pastIncluded (default false: only events not yet ended),
// conditions.licenseType (the paymentMode), tags; by relevance, then start, then end. Each item
// carries the owner's signed play address of its channel.
export async function searchEvents(ctx: Ctx, input: z.output<typeof searchEventsInput>): Promise<SearchPage<OwnEventItem>> {
  const ownerId = requireUserId(ctx);
  const page = await runEventSearch(ctx, input, { ownerId, listedOnly: false, publisherWords: false });
  return {
    ...page,
    items: page.items.map((e) => {
      const signed = signLive(ctx, { ownerId, channelId: e.channel.channelId });
      return { ...e, myPlay: { url: signed.uniqueStreamer, expiresAt: signed.expiresAt } };
    }),
  };
}

// POST /api/public/search/live/events - the listed events (publicEvent) of public channels of
// active creators (rules 2 and 3), channel with publisher: queryString over the event, its channel
// (boost 0.7 without a channelId filter) and its publisher (boost 0.5 without a userCode filter)
// selects; filters userCode, channelId, conditions.licenseType, pastIncluded, tags; by start,
// then end. An unknown userCode finds nothing.
export async function searchPublicEvents(ctx: Ctx, input: z.output<typeof searchPublicEventsInput>): Promise<SearchPage<LiveEventView>> {
  if (input.userCode === undefined) return runEventSearch(ctx, input, { listedOnly: true, publisherWords: true });
  const ownerId = await findActiveUserIdByCode(ctx.sql, input.userCode);
  if (!ownerId) return searchPage(input, 0, []);
  return runEventSearch(ctx, input, { ownerId, listedOnly: true, publisherWords: false });
}
