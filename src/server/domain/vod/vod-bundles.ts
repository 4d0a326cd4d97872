import type { Db } from "@/server/db/client";
import { bundlesById } from "@/server/domain/bundles/bundle-view";
import type { SearchPage } from "@/server/domain/shared/search";
import type { VodItemView } from "./vod-item-view";

/**
 * Sets the `bundle` of CONTENT_BUNDLE vods (the document's vod item carries its bundle object), in
 * one read for all of them; other vods cost nothing.
 */
export async function withBundles(db: Db, views: VodItemView[]): Promise<void> {
  const ids = views.flatMap((v) => (v.bundleId ? [v.bundleId] : []));
  if (!ids.length) return;
  const bundles = await bundlesById(db, ids);
  for (const view of views) if (view.bundleId) view.bundle = bundles.get(view.bundleId);
}

/** A search page with the bundles of its vods set. */
export async function pageWithBundles(db: Db, page: SearchPage<VodItemView>): Promise<SearchPage<VodItemView>> {
  await withBundles(db, page.items);
  return page;
}
