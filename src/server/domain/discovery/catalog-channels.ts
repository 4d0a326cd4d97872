import { Prisma } from "@/generated/prisma/client";
import type { Ctx } from "@/server/core/context";
import { castChannelSelect, toCastChannelView, type CastChannelView } from "@/server/domain/cast/cast-views";
import { channelSelect, toChannelView, type LiveChannelView } from "@/server/domain/live/channel-view";
import { isOnAir } from "@/server/domain/live/event-view";
import { channelMatch } from "@/server/domain/live/live-search";
import { readIdPage } from "@/server/domain/shared/id-page";
import type { SearchPage } from "@/server/domain/shared/search";
import { effectiveSort, type CatalogRequest } from "./catalog-input";

/** A live channel as the catalog shows it: with its event on air now or the next one (public events only). */
export interface LiveChannelCard {
  channel: LiveChannelView;
  event?: { eventId: string; name: string; startsAt: Date; endsAt: Date; onAir: boolean };
}

/** A cast channel as the catalog shows it: with the program on air now, when one is (breaks are not programs). */
export interface CastChannelCard {
  channel: CastChannelView;
  now?: { title: string; startsAt: Date; endsAt: Date };
}

/** The words over channel `c` (and its publisher, without an owner filter); by relevance, newest or name. */
function channelQuery(request: CatalogRequest, table: string, conditions: Prisma.Sql[], ownerId?: string, first?: Prisma.Sql) {
  const m = channelMatch(request.queryString, !ownerId);
  const where = [Prisma.sql`u."status" = 'ACTIVE'`, Prisma.sql`c."takedownId" IS NULL`, ...conditions];
  if (ownerId) where.push(Prisma.sql`c."ownerId" = ${ownerId}::uuid`);
  if (m) where.push(m.where);
  const from = Prisma.sql`FROM ${Prisma.raw(table)} c JOIN "User" u ON u."id" = c."ownerId" WHERE ${Prisma.join(where, " AND ")}`;
  const newest = Prisma.sql`c."createdAt" DESC, c."id" DESC`;
  const order = {
    relevance: m ? Prisma.sql`${m.rank} DESC, ${newest}` : newest,
    newest,
    title: Prisma.sql`lower(c."name") ASC, c."id" ASC`,
  }[effectiveSort(request)];
  return { from, id: `c."id"`, order: first ? Prisma.sql`${first}, ${order}` : order };
}

/** The public live channels of active creators, each with its current or next public event. */
export function searchCatalogLive(ctx: Ctx, request: CatalogRequest, ownerId?: string): Promise<SearchPage<LiveChannelCard>> {
  const query = channelQuery(request, `"LiveChannel"`, [Prisma.sql`c."public"`], ownerId);
  return readIdPage(ctx, request, query, async (ids) => {
    const now = new Date();
    const [channels, events] = await Promise.all([
      ctx.db.liveChannel.findMany({ where: { id: { in: ids } }, select: channelSelect }),
      ctx.db.liveEvent.findMany({
        where: { channelId: { in: ids }, publicEvent: true, endsAt: { gt: now } },
        orderBy: [{ startsAt: "asc" }, { id: "asc" }],
        select: { id: true, channelId: true, name: true, startsAt: true, endsAt: true },
      }),
    ]);
    const cards = new Map<string, LiveChannelCard>(channels.map((c) => [c.id, { channel: toChannelView(c, ctx.baseUrl) }]));
    for (const e of events) {
      const card = cards.get(e.channelId);
      if (card && !card.event) card.event = { eventId: e.id, name: e.name, startsAt: e.startsAt, endsAt: e.endsAt, onAir: isOnAir(e, now) };
    }
    return cards;
  });
}

/** Channel `c` has a program (not a break) on air at `now`. */
const onAirNow = (now: Date) =>
  Prisma.sql`EXISTS (SELECT 1 FROM "CastProgram" p WHERE p."channelId" = c."id" AND p."itemType" <> 'BREAK' AND p."startsAt" <= ${now} AND p."endsAt" > ${now})`;

/** The cast channels of active creators (every one is public), each with what is on air; `onAirFirst`: those airing a program first. */
export function searchCatalogCast(
  ctx: Ctx,
  request: CatalogRequest,
  ownerId?: string,
  onAirFirst = false,
): Promise<SearchPage<CastChannelCard>> {
  const now = new Date();
  const query = channelQuery(request, `"CastChannel"`, [], ownerId, onAirFirst ? Prisma.sql`${onAirNow(now)} DESC` : undefined);
  return readIdPage(ctx, request, query, async (ids) => {
    const [channels, programs] = await Promise.all([
      ctx.db.castChannel.findMany({ where: { id: { in: ids } }, select: castChannelSelect }),
      ctx.db.castProgram.findMany({
        where: { channelId: { in: ids }, itemType: { not: "BREAK" }, startsAt: { lte: now }, endsAt: { gt: now } },
        select: { channelId: true, title: true, startsAt: true, endsAt: true },
      }),
    ]);
    const cards = new Map<string, CastChannelCard>(channels.map((c) => [c.id, { channel: toCastChannelView(c, ctx.baseUrl) }]));
    for (const p of programs) {
      const card = cards.get(p.channelId);
      if (card) card.now = { title: p.title, startsAt: p.startsAt, endsAt: p.endsAt };
    }
    return cards;
  });
}
