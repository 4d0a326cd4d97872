import type { z } from "zod";
import { findActiveUserIdByCode, userCodeFilter } from "@/server/domain/users/active-user-by-code";
import type { Ctx } from "@/server/core/context";
import { searchPage, searchRequest, type SearchPage } from "@/server/domain/shared/search";
import { runVodSearch, vodConditionsInput } from "./vod-search";
import type { VodItemView } from "./vod-item-view";
import { pageWithBundles } from "./vod-bundles";

export const searchPublicVodsInput = searchRequest.extend({
  /** Only this publisher's vods (supplement §1), matched as the public user page matches it. */
  userCode: userCodeFilter,
  conditions: vodConditionsInput,
});

// POST /api/public/search/vod/contents - the vods visible in public pages (visibility rule 1: the
// vod public and its publisher's features.vodPublic on; not expired): queryString over the content
// (title, tags, description), its bundle's (name, tags, description; 0.7 of the weight without a
// bundle filter) and, without a userCode filter, the publisher (userCode, first and last name, page
// title and description) at half the weight; `userCode`, `tags` and the publishing
// conditions filter; by relevance, then publishing date, newest first. An unknown userCode finds nothing.
export async function searchPublicVods(ctx: Ctx, input: z.output<typeof searchPublicVodsInput>): Promise<SearchPage<VodItemView>> {
  if (input.userCode === undefined) return pageWithBundles(ctx.db, await runVodSearch(ctx.sql, input, { kind: "listed" }, ctx.baseUrl));
  const ownerId = await findActiveUserIdByCode(ctx.sql, input.userCode);
  if (!ownerId) return searchPage(input, 0, []);
  return pageWithBundles(ctx.db, await runVodSearch(ctx.sql, input, { kind: "owner", ownerId, visibleOnly: true }, ctx.baseUrl));
}
