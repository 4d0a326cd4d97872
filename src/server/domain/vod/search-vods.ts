import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { emptyToUndefined, zBool } from "@/server/core/schema";
import { searchRequest, type SearchPage } from "@/server/domain/shared/search";
import { runVodSearch, vodConditionsInput } from "./vod-search";
import type { VodItemView } from "./vod-item-view";
import { pageWithBundles } from "./vod-bundles";

export const searchVodsInput = searchRequest.extend({
  /** Only the vods (not) visible in public pages by the owner's choice (supplement §1). */
  public: z.preprocess(emptyToUndefined, zBool().optional()),
  conditions: vodConditionsInput,
});

// POST /api/search/vod/contents - the caller's vods, expired and private ones included: queryString
// over the content (title, tags, description; `*` at the end: prefix) and its bundle's (name, tags,
// description; 0.7 of the weight without a bundle filter), every tag of `tags`, the
// `public` choice, the publishing conditions; by relevance, then publishing date, newest first.
export async function searchVods(ctx: Ctx, input: z.output<typeof searchVodsInput>): Promise<SearchPage<VodItemView>> {
  const ownerId = requireUserId(ctx);
  return pageWithBundles(
    ctx.db,
    await runVodSearch(ctx.sql, input, { kind: "owner", ownerId, visibleOnly: false, public: input.public }, ctx.baseUrl),
  );
}
