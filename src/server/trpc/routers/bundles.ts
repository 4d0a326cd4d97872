import { publicProcedure, router, userProcedure } from "@/server/trpc/init";
import { inputParser } from "@/server/domain/shared/validation";
import { createBundle, createBundleInput } from "@/server/domain/bundles/create-bundle";
import { getBundle, getBundleInput, getPublicBundle } from "@/server/domain/bundles/get-bundle";
import { updateBundle, updateBundleInput } from "@/server/domain/bundles/update-bundle";
import { deleteBundle, deleteBundleInput } from "@/server/domain/bundles/delete-bundle";
import { searchBundles, searchBundlesInput, searchPublicBundles, searchPublicBundlesInput } from "@/server/domain/bundles/search-bundles";
import { subscribeBundle, subscribeBundleInput } from "@/server/domain/bundles/subscribe-bundle";
import { activateBundle, activateBundleInput } from "@/server/domain/bundles/activate-bundle";
import { searchSubscriptions, searchSubscriptionsInput } from "@/server/domain/bundles/search-subscriptions";
import { getBundleItems, getBundleItemsInput, getPublicBundleItems } from "@/server/domain/bundles/get-bundle-items";
import { insertBundleItems, insertBundleItemsInput } from "@/server/domain/bundles/insert-bundle-items";
import { moveBundleItem, moveBundleItemInput } from "@/server/domain/bundles/move-bundle-item";
import { removeBundleItems, removeBundleItemsInput } from "@/server/domain/bundles/remove-bundle-items";
import { listSubscribers, listSubscribersInput } from "@/server/domain/bundles/list-subscribers";

// The audience's reads (public read, public search, public items) are public procedures: the bundle
// page serves signed-out visitors too. Subscribing needs a signed-in subscriber.
export const bundlesRouter = router({
  create: userProcedure.input(inputParser(createBundleInput)).mutation(({ ctx, input }) => createBundle(ctx, input)),
  get: userProcedure.input(inputParser(getBundleInput)).query(({ ctx, input }) => getBundle(ctx, input)),
  getPublic: publicProcedure.input(inputParser(getBundleInput)).query(({ ctx, input }) => getPublicBundle(ctx, input)),
  update: userProcedure.input(inputParser(updateBundleInput)).mutation(({ ctx, input }) => updateBundle(ctx, input)),
  delete: userProcedure.input(inputParser(deleteBundleInput)).mutation(({ ctx, input }) => deleteBundle(ctx, input)),
  search: userProcedure.input(inputParser(searchBundlesInput)).query(({ ctx, input }) => searchBundles(ctx, input)),
  searchPublic: publicProcedure.input(inputParser(searchPublicBundlesInput)).query(({ ctx, input }) => searchPublicBundles(ctx, input)),
  subscribe: userProcedure.input(inputParser(subscribeBundleInput)).mutation(({ ctx, input }) => subscribeBundle(ctx, input)),
  activate: userProcedure.input(inputParser(activateBundleInput)).mutation(({ ctx, input }) => activateBundle(ctx, input)),
  subscriptions: userProcedure.input(inputParser(searchSubscriptionsInput)).query(({ ctx, input }) => searchSubscriptions(ctx, input)),
  items: userProcedure.input(inputParser(getBundleItemsInput)).query(({ ctx, input }) => getBundleItems(ctx, input)),
  publicItems: publicProcedure.input(inputParser(getBundleItemsInput)).query(({ ctx, input }) => getPublicBundleItems(ctx, input)),
  insertItems: userProcedure.input(inputParser(insertBundleItemsInput)).mutation(({ ctx, input }) => insertBundleItems(ctx, input)),
  moveItem: userProcedure.input(inputParser(moveBundleItemInput)).mutation(({ ctx, input }) => moveBundleItem(ctx, input)),
  subscribers: userProcedure.input(inputParser(listSubscribersInput)).query(({ ctx, input }) => listSubscribers(ctx, input)),
  removeItems: userProcedure.input(inputParser(removeBundleItemsInput)).mutation(({ ctx, input }) => removeBundleItems(ctx, input)),
});
