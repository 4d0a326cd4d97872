import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { emptyToUndefined, zBool } from "@/server/core/schema";
import { searchPage, searchRequest, type SearchPage, type SearchRequest } from "@/server/domain/shared/search";
import { findActiveUserIdByCode, userCodeFilter } from "@/server/domain/users/active-user-by-code";
import { channelSelect, toChannelView, type LiveChannelView } from "./channel-view";
import { channelMatch, tagsFilter } from "./live-search";

export const searchChannelsInput = searchRequest.extend({
  /** Only the channels (not) listed in public pages (supplement §1). */
  public: z.preprocess(emptyToUndefined, zBool().optional()),
});

export const searchPublicChannelsInput = searchRequest.extend({
  /** Only this creator's channels (supplement §1). */
  userCode: userCodeFilter,
});

/** One statement for the total, one for the page's ids; by relevance, then name. */
async function runChannelSearch(
  ctx: Ctx,
  request: SearchRequest,
  scope: { ownerId?: string; ownerOnly?: boolean; public?: boolean; publisherWords: boolean },
): Promise<SearchPage<LiveChannelView>> {
  const m = channelMatch(request.queryString, scope.publisherWords);
  const conditions = [Prisma.sql`u."status" = 'ACTIVE'`, ...tagsFilter("c", request.tags)];
  if (scope.ownerId) conditions.push(Prisma.sql`c."ownerId" = ${scope.ownerId}::uuid`);
  if (scope.public !== undefined) conditions.push(Prisma.sql`c."public" = ${scope.public}`);
  // the audience never finds a channel taken down (domain/admin); its owner does
  if (!scope.ownerOnly) conditions.push(Prisma.sql`c."takedownId" IS NULL`);
  if (m) conditions.push(m.where);
  const from = Prisma.sql`FROM "LiveChannel" c JOIN "User" u ON u."id" = c."ownerId" WHERE ${Prisma.join(conditions, " AND ")}`;
  const order = Prisma.sql`${m ? Prisma.sql`${m.rank} DESC, ` : Prisma.empty}c."name" ASC, c."id" ASC`;
  const [countRows, idRows] = await Promise.all([
    ctx.db.$queryRaw<{ count: bigint | number }[]>`SELECT count(*) AS count ${from}`,
    ctx.db.$queryRaw<{ id: string }[]>`SELECT c."id"::text AS id ${from} ORDER BY ${order}
      LIMIT ${request.pageSize} OFFSET ${request.pageIndex * request.pageSize}`,
  ]);
  const ids = idRows.map((r) => r.id);
  const rows = ids.length ? await ctx.db.liveChannel.findMany({ where: { id: { in: ids } }, select: channelSelect }) : [];
  const byId = new Map(rows.map((r) => [r.id, toChannelView(r, ctx.baseUrl)]));
  return searchPage(
    request,
    Number(countRows[0]?.count ?? 0),
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

// POST /api/search/live/channels - the caller's channels: queryString over name, tags, description
// (`*` at the end: prefix), every tag of `tags`, the `public` choice; by relevance, then name.
export async function searchChannels(ctx: Ctx, input: z.output<typeof searchChannelsInput>): Promise<SearchPage<LiveChannelView>> {
  return runChannelSearch(ctx, input, { ownerId: requireUserId(ctx), ownerOnly: true, public: input.public, publisherWords: false });
}

// POST /api/public/search/live/channels - the public channels of active creators (rule 2), with
// their publisher: queryString over name, tags, description and, without a userCode filter, the
// publisher at the document's boost 0.7; by relevance, then name. An unknown userCode finds nothing.
export async function searchPublicChannels(
  ctx: Ctx,
  input: z.output<typeof searchPublicChannelsInput>,
): Promise<SearchPage<LiveChannelView>> {
  if (input.userCode === undefined) return runChannelSearch(ctx, input, { public: true, publisherWords: true });
  const ownerId = await findActiveUserIdByCode(ctx.sql, input.userCode);
  if (!ownerId) return searchPage(input, 0, []);
  return runChannelSearch(ctx, input, { ownerId, public: true, publisherWords: false });
}
