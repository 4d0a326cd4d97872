import type { Db } from "@/server/db/client";
import { bundlesById, type BundleView } from "@/server/domain/bundles/bundle-view";
import type { SearchPage } from "@/server/domain/shared/search";

/** What carries a bundle: a vod item view (vod-item-view.ts reads with it, so this names the shape, not the view). */
interface Bundled {
  bundleId?: string;
  bundle?: BundleView;
}

/**
 * Sets the `bundle` of CONTENT_BUNDLE vods (the document's vod item carries its bundle object), in
 * one read for all of them; other vods cost nothing.
 */
export async function withBundles(db: Db, views: Bundled[]): Promise<void> {
  const ids = views.flatMap((v) => (v.bundleId ? [v.bundleId] : []));
  if (!ids.length) return;
  const bundles = await bundlesById(db, ids);
  for (const view of views) if (view.bundleId) view.bundle = bundles.get(view.bundleId);
}

/** A search page with the bundles of its vods set. */
export async function pageWithBundles<T extends Bundled>(db: Db, page: SearchPage<T>): Promise<SearchPage<T>> {
  await withBundles(db, page.items);
  return page;
}
