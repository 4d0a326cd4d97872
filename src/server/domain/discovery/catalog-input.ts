import { z } from "zod";
import { emptyToUndefined } from "@/server/core/schema";
import { searchRequest } from "@/server/domain/shared/search";
import { userCodeFilter } from "@/server/domain/users/active-user-by-code";

/** What the catalog lists: videos (not the bundle-only ones), bundles, live channels, cast channels, creators. */
export const CATALOG_TYPES = ["videos", "bundles", "live", "channels", "creators"] as const;
export type CatalogType = (typeof CATALOG_TYPES)[number];

/**
 * The orders: by relevance to the words (only with words; without them it reads as newest), newest
 * first, or by title (a channel's or bundle's name, a creator's page title or userCode). There is no
 * "popular": nothing counts views per item.
 */
export const CATALOG_SORTS = ["relevance", "newest", "title"] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

const lower = (v: unknown) => (typeof v === "string" ? emptyToUndefined(v.trim().toLowerCase()) : v);

export const searchCatalogInput = searchRequest.extend({
  type: z.preprocess(lower, z.enum(CATALOG_TYPES, "field.type").default("videos")),
  sort: z.preprocess(lower, z.enum(CATALOG_SORTS, "field.sort").optional()),
  /** Only this creator's items (the creator page's tabs); an unknown userCode finds nothing. */
  userCode: userCodeFilter,
});

export type CatalogRequest = z.output<typeof searchCatalogInput>;

/** The order a request means: relevance with words unless asked otherwise, else newest unless asked otherwise. */
export function effectiveSort(request: Pick<CatalogRequest, "queryString" | "sort">): CatalogSort {
  if (request.sort === "relevance" && !request.queryString) return "newest";
  return request.sort ?? (request.queryString ? "relevance" : "newest");
}
