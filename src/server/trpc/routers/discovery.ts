import { publicProcedure, router } from "@/server/trpc/init";
import { inputParser } from "@/server/domain/shared/validation";
import { searchCatalogInput } from "@/server/domain/discovery/catalog-input";
import { searchCatalog } from "@/server/domain/discovery/search-catalog";
import { getHomeRows } from "@/server/domain/discovery/home-rows";
import { getRelatedVods, relatedVodsInput } from "@/server/domain/discovery/related-vods";
import { freeCopiesInput, getFreeCopies } from "@/server/domain/discovery/free-copies";

// What the viewer pages list (home rows, the search page, the creator page's tabs, the watch page's
// related videos, a bundle's free copies): public procedures, answering what anonymous visitors may see.
export const discoveryRouter = router({
  home: publicProcedure.query(({ ctx }) => getHomeRows(ctx)),
  search: publicProcedure.input(inputParser(searchCatalogInput)).query(({ ctx, input }) => searchCatalog(ctx, input)),
  related: publicProcedure.input(inputParser(relatedVodsInput)).query(({ ctx, input }) => getRelatedVods(ctx, input)),
  freeCopies: publicProcedure.input(inputParser(freeCopiesInput)).query(({ ctx, input }) => getFreeCopies(ctx, input)),
});
