import { route, untrusted } from "@/server/rest/route";
import { searchPageSchema } from "@/server/rest/render/box-item";
import { paymentInitiationSchema, renderPaymentInitiation } from "@/server/rest/render/payment-initiation";
import {
  bundleItemsSchema,
  bundleSchema,
  publicBundleSchema,
  renderBundleItems,
  renderPrivateBundle,
  renderPublicBundle,
  renderSubscription,
  subscriptionSchema,
} from "@/server/rest/render/bundle";
import { moneyIn } from "@/lib/wire";
import { createBundleInput } from "@/server/domain/bundles/create-bundle";
import { getBundleInput } from "@/server/domain/bundles/get-bundle";
import { updateBundleInput } from "@/server/domain/bundles/update-bundle";
import { deleteBundleInput } from "@/server/domain/bundles/delete-bundle";
import { searchBundlesInput, searchPublicBundlesInput } from "@/server/domain/bundles/search-bundles";
import { subscribeBundleInput } from "@/server/domain/bundles/subscribe-bundle";
import { activateBundleInput } from "@/server/domain/bundles/activate-bundle";
import { searchSubscriptionsInput } from "@/server/domain/bundles/search-subscriptions";
import { getBundleItemsInput } from "@/server/domain/bundles/get-bundle-items";
import { insertBundleItemsInput } from "@/server/domain/bundles/insert-bundle-items";
import { moveBundleItemInput } from "@/server/domain/bundles/move-bundle-item";
import { removeBundleItemsInput } from "@/server/domain/bundles/remove-bundle-items";

/** Create and update bodies: price "2,50" / "2.50" / 2.5. */
const bundleFieldsIn = (body: Record<string, unknown>) => ({ ...body, price: moneyIn(body.price) });

const privateItems = (v: Parameters<typeof renderBundleItems>[0]) => renderBundleItems(v, { publisher: false });

export const bundleRoutes = [
  // POST /api/contentbundle - a new bundle (name, price, duration, durationUnit; description, thumbnailId, tags)
  route({
    method: "POST",
    path: "/api/contentbundle",
    auth: "private",
    status: 201,
    summary: "Create a content bundle",
    requestSchema: createBundleInput,
    responseSchema: bundleSchema,
    handle: async ({ caller, body }) => renderPrivateBundle(await caller.bundles.create(untrusted(bundleFieldsIn(body)))),
  }),
  // GET /api/contentbundle/{bundleId} - one of the caller's bundles
  route({
    method: "GET",
    path: "/api/contentbundle/{bundleId}",
    auth: "private",
    status: 200,
    summary: "Read a content bundle",
    requestSchema: getBundleInput,
    responseSchema: bundleSchema,
    handle: async ({ caller, params }) => renderPrivateBundle(await caller.bundles.get(untrusted({ bundleId: params.bundleId }))),
  }),
  // GET /api/public/contentbundle/{bundleId} - a bundle of an active creator, with its publisher
  route({
    method: "GET",
    path: "/api/public/contentbundle/{bundleId}",
    auth: "public",
    status: 200,
    summary: "Read a public content bundle",
    requestSchema: getBundleInput,
    responseSchema: publicBundleSchema,
    errors: [451], // taken down (domain/admin)
    handle: async ({ caller, params }) => renderPublicBundle(await caller.bundles.getPublic(untrusted({ bundleId: params.bundleId }))),
  }),
  // POST /api/contentbundle/{bundleId} - the same fields as create
  route({
    method: "POST",
    path: "/api/contentbundle/{bundleId}",
    auth: "private",
    status: 200,
    summary: "Update a content bundle",
    requestSchema: updateBundleInput,
    responseSchema: bundleSchema,
    handle: async ({ caller, params, body }) =>
      renderPrivateBundle(await caller.bundles.update(untrusted({ ...bundleFieldsIn(body), bundleId: params.bundleId }))),
  }),
  // DELETE /api/contentbundle/{bundleId} - 409 DEPENDANTS while vods are in it or subscriptions run
  route({
    method: "DELETE",
    path: "/api/contentbundle/{bundleId}",
    auth: "private",
    status: 204,
    summary: "Delete a content bundle",
    requestSchema: deleteBundleInput,
    errors: [409],
    handle: async ({ caller, params }) => caller.bundles.delete(untrusted({ bundleId: params.bundleId })),
  }),
  // POST /api/search/contentbundles - the caller's bundles (queryString, tags)
  route({
    method: "POST",
    path: "/api/search/contentbundles",
    auth: "private",
    status: 200,
    summary: "Search the caller's content bundles",
    requestSchema: searchBundlesInput,
    responseSchema: searchPageSchema(bundleSchema),
    handle: async ({ caller, body }) => {
      const page = await caller.bundles.search(untrusted(body));
      return { ...page, items: page.items.map(renderPrivateBundle) };
    },
  }),
  // POST /api/public/search/contentbundles - the bundles of active creators (queryString, tags, userCode)
  route({
    method: "POST",
    path: "/api/public/search/contentbundles",
    auth: "public",
    status: 200,
    summary: "Search public content bundles",
    requestSchema: searchPublicBundlesInput,
    responseSchema: searchPageSchema(publicBundleSchema),
    handle: async ({ caller, body }) => {
      const page = await caller.bundles.searchPublic(untrusted(body));
      return { ...page, items: page.items.map(renderPublicBundle) };
    },
  }),
  // POST /api/contentbundle/{bundleId}/subscribe - open the payment of a subscription (advanceMonthlyPayments periods)
  route({
    method: "POST",
    path: "/api/contentbundle/{bundleId}/subscribe",
    auth: "private",
    status: 200,
    summary: "Subscribe to a content bundle: open its payment",
    requestSchema: subscribeBundleInput,
    responseSchema: paymentInitiationSchema(bundleSchema),
    errors: [451, 503],
    handle: async ({ caller, params, body }) => {
      const started = await caller.bundles.subscribe(untrusted({ ...body, bundleId: params.bundleId }));
      return renderPaymentInitiation(started, renderPrivateBundle(started.resource));
    },
  }),
  // POST /api/contentbundle/{bundleId}/activate {trackingId} - the paid subscription starts or extends (once per payment)
  route({
    method: "POST",
    path: "/api/contentbundle/{bundleId}/activate",
    auth: "private",
    status: 200,
    summary: "Activate a paid bundle subscription",
    requestSchema: activateBundleInput,
    responseSchema: bundleSchema,
    errors: [503],
    handle: async ({ caller, params, body }) =>
      renderPrivateBundle(await caller.bundles.activate(untrusted({ ...body, bundleId: params.bundleId }))),
  }),
  // POST /api/search/contentbundle/subscriptions - the caller's subscriptions (bundleId, expiredIncluded, sort)
  route({
    method: "POST",
    path: "/api/search/contentbundle/subscriptions",
    auth: "private",
    status: 200,
    summary: "Search the caller's bundle subscriptions",
    requestSchema: searchSubscriptionsInput,
    responseSchema: searchPageSchema(subscriptionSchema),
    handle: async ({ caller, body }) => {
      const page = await caller.bundles.subscriptions(untrusted(body));
      return { ...page, items: page.items.map(renderSubscription) };
    },
  }),
  // GET /api/contentbundle/{bundleId}/items - the caller's bundle with its items in order
  route({
    method: "GET",
    path: "/api/contentbundle/{bundleId}/items",
    auth: "private",
    status: 200,
    summary: "Read a bundle's items",
    requestSchema: getBundleItemsInput,
    responseSchema: bundleItemsSchema(bundleSchema),
    handle: async ({ caller, params }) => privateItems(await caller.bundles.items(untrusted({ bundleId: params.bundleId }))),
  }),
  // GET /api/public/contentbundle/{bundleId}/items - the visible items in order, the bundle with its publisher
  route({
    method: "GET",
    path: "/api/public/contentbundle/{bundleId}/items",
    auth: "public",
    status: 200,
    summary: "Read a public bundle's items",
    requestSchema: getBundleItemsInput,
    responseSchema: bundleItemsSchema(publicBundleSchema),
    errors: [451], // taken down (domain/admin)
    handle: async ({ caller, params }) =>
      renderBundleItems(await caller.bundles.publicItems(untrusted({ bundleId: params.bundleId })), { publisher: true }),
  }),
  // POST /api/contentbundle/{bundleId}/items/insert {sourceItems: [{boxId}], index} - publish box items into the bundle
  route({
    method: "POST",
    path: "/api/contentbundle/{bundleId}/items/insert",
    auth: "private",
    status: 200,
    summary: "Insert box contents into a bundle",
    requestSchema: insertBundleItemsInput,
    responseSchema: bundleItemsSchema(bundleSchema),
    handle: async ({ caller, params, body }) =>
      privateItems(await caller.bundles.insertItems(untrusted({ ...body, bundleId: params.bundleId }))),
  }),
  // POST /api/contentbundle/{bundleId}/items/move {fromIndex, toIndex}
  route({
    method: "POST",
    path: "/api/contentbundle/{bundleId}/items/move",
    auth: "private",
    status: 200,
    summary: "Move an item of a bundle",
    requestSchema: moveBundleItemInput,
    responseSchema: bundleItemsSchema(bundleSchema),
    handle: async ({ caller, params, body }) =>
      privateItems(await caller.bundles.moveItem(untrusted({ ...body, bundleId: params.bundleId }))),
  }),
  // POST /api/contentbundle/{bundleId}/items/remove {index, count} - unpublish items' vods
  route({
    method: "POST",
    path: "/api/contentbundle/{bundleId}/items/remove",
    auth: "private",
    status: 200,
    summary: "Remove items from a bundle",
    requestSchema: removeBundleItemsInput,
    responseSchema: bundleItemsSchema(bundleSchema),
    handle: async ({ caller, params, body }) =>
      privateItems(await caller.bundles.removeItems(untrusted({ ...body, bundleId: params.bundleId }))),
  }),
];
