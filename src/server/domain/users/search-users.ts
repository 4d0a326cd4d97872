import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import type { Ctx } from "@/server/core/context";
import { searchPage, searchRequest, toTsQuery, type SearchPage } from "@/server/domain/shared/search";

/**
 * The user search vector. The same text is indexed by the expression GIN index of migration
 * 20261121233500_user_search: change both together (PostgreSQL uses the index only for an identical
 * expression). `translate` splits what the parser would keep whole (john.doe, mario_rossi, a@b),
 * because toTsQuery splits queries on every non-alphanumeric character.
 */
export const USER_SEARCH_VECTOR = `(setweight(to_tsvector('simple'::regconfig, translate("userCode", '.@/:_', '     ')), 'A') || setweight(to_tsvector('simple'::regconfig, translate("firstName" || ' ' || "lastName" || ' ' || coalesce("pageTitle", ''), '.@/:_', '     ')), 'B') || setweight(to_tsvector('simple'::regconfig, translate(coalesce("pageDescription", ''), '.@/:_', '     ')), 'C'))`;

/** Sort orders (the document: relevance, last activity date, username); ties break on userCode. */
const SORTS = ["relevance", "lastActivity", "userCode"] as const;
const sortAliases: Record<string, (typeof SORTS)[number]> = {
  relevance: "relevance",
  lastactivity: "lastActivity",
  lastactivitydate: "lastActivity",
  usercode: "userCode",
  username: "userCode",
};

export const searchUsersInput = searchRequest.extend({
  // case-insensitive; absent or empty = relevance (which is userCode order without a query)
  sort: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : (sortAliases[v.trim().toLowerCase()] ?? v)) : (v ?? undefined)),
    z.enum(SORTS, "field.sort").default("relevance"),
  ),
});

export interface UserSearchItem {
  userCode: string;
  licenseExpired: boolean;
  pageTitle?: string;
  pageDescription?: string;
  thumbnailId?: string;
}

interface Row {
  userCode: string;
  licenseExpired: boolean;
  pageTitle: string | null;
  pageDescription: string | null;
  thumbnailId: string | null;
}

// POST /api/public/search/users - finds ACTIVE users by userCode (weight A), first and last name and
// page title (B), page description (C); `*` at the end makes the last word a prefix.
export async function searchUsers(ctx: Ctx, input: z.output<typeof searchUsersInput>): Promise<SearchPage<UserSearchItem>> {
  const tsQuery = toTsQuery(input.queryString);
  const vector = Prisma.raw(USER_SEARCH_VECTOR);
  const query = tsQuery ? Prisma.sql`to_tsquery('simple', ${tsQuery})` : undefined;
  // a user whose page is taken down (domain/admin) is not found either
  const shown = Prisma.sql`"status" = 'ACTIVE' AND "takedownId" IS NULL`;
  const where = query ? Prisma.sql`${shown} AND ${vector} @@ ${query}` : shown;
  const orderBy = {
    relevance: query
      ? Prisma.sql`ts_rank(${vector}, ${query}) DESC, lower("userCode") COLLATE "C"`
      : Prisma.sql`lower("userCode") COLLATE "C"`,
    lastActivity: Prisma.sql`"lastActivityAt" DESC, lower("userCode") COLLATE "C"`,
    userCode: Prisma.sql`lower("userCode") COLLATE "C"`,
  }[input.sort];

  const [countRows, rows] = await Promise.all([
    ctx.db.$queryRaw<{ count: bigint | number }[]>`SELECT count(*) AS count FROM "User" WHERE ${where}`,
    ctx.db.$queryRaw<Row[]>`
      SELECT "userCode", ("licenseExpiresAt" IS NOT NULL AND "licenseExpiresAt" <= now()) AS "licenseExpired",
             "pageTitle", "pageDescription", "thumbnailId"::text AS "thumbnailId"
      FROM "User" WHERE ${where}
      ORDER BY ${orderBy}
      LIMIT ${input.pageSize} OFFSET ${input.pageIndex * input.pageSize}`,
  ]);
  const items = rows.map((r) => ({
    userCode: r.userCode,
    licenseExpired: r.licenseExpired,
    pageTitle: r.pageTitle ?? undefined,
    pageDescription: r.pageDescription ?? undefined,
    thumbnailId: r.thumbnailId ?? undefined,
  }));
  return searchPage(input, Number(countRows[0]?.count ?? 0), items);
}
