import { z } from "zod";
import { emptyToUndefined } from "@/server/domain/shared/schema";
import { directRead } from "@/server/db/client";
import type { Ctx } from "@/server/domain/context";
import { searchPage, searchRequest, type SearchPage } from "@/server/domain/shared/search";
import { runVodSearch, vodConditionsInput } from "./vod-search";
import type { VodItemView } from "./vod-item-view";

export const searchPublicVodsInput = searchRequest.extend({
  /** Only this publisher's vods (supplement §1), matched as the public user page matches it. */
  userCode: z.preprocess((v) => emptyToUndefined(typeof v === "string" ? v.trim() : v), z.string().max(100).optional()),
  conditions: vodConditionsInput,
});

// An active user by exact userCode (the unique index), else case-insensitively (unique that way too).
const OWNER_EXACT = `SELECT "id"::text AS id FROM "User" WHERE "userCode" = $1 AND "status" = 'ACTIVE' LIMIT 1`;
const OWNER_ANY_CASE = `SELECT "id"::text AS id FROM "User" WHERE lower("userCode") = lower($1) AND "status" = 'ACTIVE' LIMIT 1`;

// POST /api/public/search/vod/contents - the vods visible in public pages (visibility rule 1: the
// vod public and its publisher's features.vodPublic on; not expired): queryString over the content
// (title, tags, description) and, without a userCode filter, the publisher (userCode, first and last
// name, page title and description) at half the weight; `userCode`, `tags` and the publishing
// conditions filter; by relevance, then publishing date, newest first. An unknown userCode finds nothing.
export async function searchPublicVods(ctx: Ctx, input: z.output<typeof searchPublicVodsInput>): Promise<SearchPage<VodItemView>> {
  if (input.userCode === undefined) return runVodSearch(ctx.db, input, { kind: "listed" }, ctx.baseUrl);
  const read = directRead(ctx.db);
  const owner =
    (await read<{ id: string }>(OWNER_EXACT, [input.userCode]))[0] ?? (await read<{ id: string }>(OWNER_ANY_CASE, [input.userCode]))[0];
  if (!owner) return searchPage(input, 0, []);
  return runVodSearch(ctx.db, input, { kind: "owner", ownerId: owner.id, visibleOnly: true }, ctx.baseUrl);
}
