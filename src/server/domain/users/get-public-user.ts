import { z } from "zod";
import { declareCommitCache } from "@/server/db/commit-cache";
import { tableAs, watchedTables } from "@/server/db/column-map";
import type { Ctx } from "@/server/core/context";
import { notFound } from "@/server/core/errors";
import { refuseTakenDown } from "@/server/domain/admin/taken-down";
import {
  publicUserColumns,
  publicUserRowOf,
  publicUserSelect,
  toPublicUser,
  type PublicUser,
  type PublicUserRow,
  type PublicUserSqlRow,
} from "./public-user";

export const getPublicUserInput = z.object({ userCode: z.string().trim().min(1).max(100) });

// The public fields of an active user by exact userCode (the unique index).
const PUBLIC_USER = publicUserColumns("u");
const BY_EXACT_CODE = `SELECT ${PUBLIC_USER.select}, u."takedownId"::text AS "takedownId" FROM "public"."User" u WHERE u."userCode" = $1 AND u."status" = 'ACTIVE' LIMIT 1`;

/** The row with the takedown of the user's page in force (domain/admin), if any. */
type ShownUserRow = PublicUserRow & { takedownId: string | null };

// Public user rows by requested userCode: every column the statement reads or filters on (status:
// only ACTIVE users exist publicly), which the case-insensitive fallback reads too.
const publicUsers = declareCommitCache<ShownUserRow>({
  name: "public_user",
  watch: watchedTables(PUBLIC_USER.reads, tableAs("User", "u").reads("userCode", "status", "takedownId")),
  maxEntries: 10_000,
});

// GET /api/public/user/{userCode}/overview - a creator's public page header. userCode is matched
// case-insensitively (it is unique that way); accounts that are not ACTIVE do not exist publicly.
// On PGlite the row is cached until a commit changes a user's public fields (db/commit-cache.ts);
// licenseExpired is worked out from it on every call. A page taken down answers 451 (domain/admin).
export async function getPublicUser(ctx: Ctx, input: z.output<typeof getPublicUserInput>): Promise<PublicUser> {
  const user = await ctx.sql.cached(publicUsers, input.userCode, () => readPublicUser(ctx, input.userCode));
  if (!user) throw notFound("error.userNotFound");
  await refuseTakenDown(ctx.db, user.takedownId);
  return toPublicUser(user);
}

async function readPublicUser(ctx: Ctx, userCode: string): Promise<ShownUserRow | null> {
  // The exact code is what links carry: a unique-index lookup, read through the driver because this
  // is the hottest public read and Prisma's per-call cost is several times the query's (docs/perf.md).
  // The case-insensitive match (a scan) only as fallback.
  const [exact] = await ctx.sql.read<PublicUserSqlRow>(BY_EXACT_CODE, [userCode]);
  if (exact) return { ...publicUserRowOf(exact), takedownId: (exact as { takedownId?: string | null }).takedownId ?? null };
  return ctx.db.user.findFirst({
    where: { userCode: { equals: userCode, mode: "insensitive" }, status: "ACTIVE" },
    select: { ...publicUserSelect, takedownId: true },
  });
}
