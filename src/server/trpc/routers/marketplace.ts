import { publicProcedure, router, userProcedure } from "@/server/trpc/init";
import { inputParser } from "@/server/domain/shared/validation";
import { publishMarketItem, publishMarketItemInput } from "@/server/domain/marketplace/publish-market-item";
import { getMarketItem, getMarketItemInput, getPublicMarketItem } from "@/server/domain/marketplace/get-market-item";
import { updateMarketItem, updateMarketItemInput } from "@/server/domain/marketplace/update-market-item";
import { deleteMarketItem, deleteMarketItemInput } from "@/server/domain/marketplace/delete-market-item";
import {
  searchMarketItems,
  searchMarketItemsInput,
  searchPublicMarketItems,
  searchPublicMarketItemsInput,
} from "@/server/domain/marketplace/search-market-items";
import { previewMarketItem, previewMarketItemInput } from "@/server/domain/marketplace/preview-market-item";
import { payMarketItem, payMarketItemInput } from "@/server/domain/marketplace/pay-market-item";
import { acquireMarketItem, acquireMarketItemInput } from "@/server/domain/marketplace/acquire-market-item";

// Public read, search and preview serve anyone (the marketplace pages); everything else is a creator's.
export const marketplaceRouter = router({
  publish: userProcedure.input(inputParser(publishMarketItemInput)).mutation(({ ctx, input }) => publishMarketItem(ctx, input)),
  get: userProcedure.input(inputParser(getMarketItemInput)).query(({ ctx, input }) => getMarketItem(ctx, input)),
  getPublic: publicProcedure.input(inputParser(getMarketItemInput)).query(({ ctx, input }) => getPublicMarketItem(ctx, input)),
  update: userProcedure.input(inputParser(updateMarketItemInput)).mutation(({ ctx, input }) => updateMarketItem(ctx, input)),
  delete: userProcedure.input(inputParser(deleteMarketItemInput)).mutation(({ ctx, input }) => deleteMarketItem(ctx, input)),
  search: userProcedure.input(inputParser(searchMarketItemsInput)).query(({ ctx, input }) => searchMarketItems(ctx, input)),
  searchPublic: publicProcedure
    .input(inputParser(searchPublicMarketItemsInput))
    .query(({ ctx, input }) => searchPublicMarketItems(ctx, input)),
  preview: publicProcedure.input(inputParser(previewMarketItemInput)).mutation(({ ctx, input }) => previewMarketItem(ctx, input)),
  pay: userProcedure.input(inputParser(payMarketItemInput)).mutation(({ ctx, input }) => payMarketItem(ctx, input)),
  acquire: userProcedure.input(inputParser(acquireMarketItemInput)).mutation(({ ctx, input }) => acquireMarketItem(ctx, input)),
});
