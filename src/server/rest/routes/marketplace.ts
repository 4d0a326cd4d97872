import { route, untrusted } from "@/server/rest/route";
import { boxItemSchema, renderBoxItem, searchPageSchema } from "@/server/rest/render/box-item";
import { playResultSchema, renderPlayResult } from "@/server/rest/render/play-result";
import { paymentInitiationSchema, renderPaymentInitiation } from "@/server/rest/render/payment-initiation";
import {
  marketItemSchema,
  publicMarketItemSchema,
  renderPrivateMarketItem,
  renderPublicMarketItem,
} from "@/server/rest/render/market-item";
import { moneyIn } from "@/lib/wire";
import { translate } from "@/server/i18n/messages";
import { publishMarketItemInput } from "@/server/domain/marketplace/publish-market-item";
import { getMarketItemInput } from "@/server/domain/marketplace/get-market-item";
import { updateMarketItemInput } from "@/server/domain/marketplace/update-market-item";
import { deleteMarketItemInput } from "@/server/domain/marketplace/delete-market-item";
import { searchMarketItemsInput, searchPublicMarketItemsInput } from "@/server/domain/marketplace/search-market-items";
import { previewMarketItemInput } from "@/server/domain/marketplace/preview-market-item";
import { payMarketItemInput } from "@/server/domain/marketplace/pay-market-item";
import { acquireMarketItemInput } from "@/server/domain/marketplace/acquire-market-item";

/** Publish and update bodies: prices "2,50" / "2.50" / 2.5, earningPercentage "20" / "20,00" / 20. */
const marketFieldsIn = (body: Record<string, unknown>) => ({
  ...body,
  activationPrice: moneyIn(body.activationPrice),
  pricePerView: moneyIn(body.pricePerView),
  earningPercentage: moneyIn(body.earningPercentage),
});

/** Search bodies: maxPrice "2,50" as the prices. */
const searchIn = (body: Record<string, unknown>) => ({ ...body, maxPrice: moneyIn(body.maxPrice) });

const acquireResultSchema: Record<string, unknown> = {
  type: "object",
  required: ["result", "marketplaceContent"],
  properties: {
    result: {
      type: "string",
      enum: ["FULFILLED", "PAYMENT_REQUIRED"],
      description: "FULFILLED with boxContent; PAYMENT_REQUIRED (SPOT_PRICE: pay, then acquire with {trackingId}) with a message",
    },
    message: { type: "string", description: "why the license is not granted yet (PAYMENT_REQUIRED)" },
    marketplaceContent: marketItemSchema,
    boxContent: { ...boxItemSchema, description: "the acquired content in the caller's box, with its marketplaceLicense (FULFILLED only)" },
  },
};

export const marketplaceRoutes = [
  // POST /api/box/{boxId}/marketplace - offer a READY uploaded content under license terms
  route({
    method: "POST",
    path: "/api/box/{boxId}/marketplace",
    auth: "private",
    status: 201,
    summary: "Offer a box content on the marketplace",
    requestSchema: publishMarketItemInput,
    responseSchema: marketItemSchema,
    errors: [409],
    handle: async ({ caller, params, body }) =>
      renderPrivateMarketItem(await caller.marketplace.publish(untrusted({ ...marketFieldsIn(body), boxId: params.boxId }))),
  }),
  // GET /api/marketplace/{marketplaceId} - one of the caller's listings
  route({
    method: "GET",
    path: "/api/marketplace/{marketplaceId}",
    auth: "private",
    status: 200,
    summary: "Read a marketplace item",
    requestSchema: getMarketItemInput,
    responseSchema: marketItemSchema,
    handle: async ({ caller, params }) =>
      renderPrivateMarketItem(await caller.marketplace.get(untrusted({ marketplaceId: params.marketplaceId }))),
  }),
  // GET /api/public/marketplace/{marketplaceId} - a listing with its seller
  route({
    method: "GET",
    path: "/api/public/marketplace/{marketplaceId}",
    auth: "public",
    status: 200,
    summary: "Read a public marketplace item",
    requestSchema: getMarketItemInput,
    responseSchema: publicMarketItemSchema,
    handle: async ({ caller, params }) =>
      renderPublicMarketItem(await caller.marketplace.getPublic(untrusted({ marketplaceId: params.marketplaceId }))),
  }),
  // POST /api/marketplace/{marketplaceId} - new license terms (the publish fields and rules)
  route({
    method: "POST",
    path: "/api/marketplace/{marketplaceId}",
    auth: "private",
    status: 200,
    summary: "Update a marketplace item",
    requestSchema: updateMarketItemInput,
    responseSchema: marketItemSchema,
    handle: async ({ caller, params, body }) =>
      renderPrivateMarketItem(await caller.marketplace.update(untrusted({ ...marketFieldsIn(body), marketplaceId: params.marketplaceId }))),
  }),
  // DELETE /api/marketplace/{marketplaceId} - withdraw a listing (acquired licenses stay)
  route({
    method: "DELETE",
    path: "/api/marketplace/{marketplaceId}",
    auth: "private",
    status: 204,
    summary: "Delete a marketplace item",
    requestSchema: deleteMarketItemInput,
    handle: async ({ caller, params }) => caller.marketplace.delete(untrusted({ marketplaceId: params.marketplaceId })),
  }),
  // POST /api/search/marketplace/contents - the caller's listings (queryString, tags, conditions)
  route({
    method: "POST",
    path: "/api/search/marketplace/contents",
    auth: "private",
    status: 200,
    summary: "Search the caller's marketplace items",
    requestSchema: searchMarketItemsInput,
    responseSchema: searchPageSchema(marketItemSchema),
    handle: async ({ caller, body }) => {
      const page = await caller.marketplace.search(untrusted(searchIn(body)));
      return { ...page, items: page.items.map(renderPrivateMarketItem) };
    },
  }),
  // POST /api/public/search/marketplace/contents - listings of active sellers (queryString, tags, userCode, excludeUserCode, conditions)
  route({
    method: "POST",
    path: "/api/public/search/marketplace/contents",
    auth: "public",
    status: 200,
    summary: "Search the marketplace",
    requestSchema: searchPublicMarketItemsInput,
    responseSchema: searchPageSchema(publicMarketItemSchema),
    handle: async ({ caller, body }) => {
      const page = await caller.marketplace.searchPublic(untrusted(searchIn(body)));
      return { ...page, items: page.items.map(renderPublicMarketItem) };
    },
  }),
  // POST /api/marketplace/{marketplaceId}/acquire - {trackingId} after paying a SPOT_PRICE license
  route({
    method: "POST",
    path: "/api/marketplace/{marketplaceId}/acquire",
    auth: "private",
    status: 200,
    summary: "Acquire a marketplace license",
    requestSchema: acquireMarketItemInput,
    responseSchema: acquireResultSchema,
    errors: [503],
    handle: async ({ caller, params, body, lang }) => {
      const acquired = await caller.marketplace.acquire(untrusted({ ...body, marketplaceId: params.marketplaceId }));
      const marketplaceContent = renderPrivateMarketItem(acquired.marketplaceContent);
      return acquired.result === "FULFILLED"
        ? { result: acquired.result, marketplaceContent, boxContent: renderBoxItem(acquired.boxContent) }
        : { result: acquired.result, message: translate(lang, acquired.messageId), marketplaceContent };
    },
  }),
  // POST /api/marketplace/{marketplaceId}/pay - open the payment of a SPOT_PRICE license
  route({
    method: "POST",
    path: "/api/marketplace/{marketplaceId}/pay",
    auth: "private",
    status: 200,
    summary: "Pay for a SPOT_PRICE marketplace license",
    requestSchema: payMarketItemInput,
    responseSchema: paymentInitiationSchema(marketItemSchema),
    errors: [503],
    handle: async ({ caller, params, body }) => {
      const started = await caller.marketplace.pay(untrusted({ ...body, marketplaceId: params.marketplaceId }));
      return renderPaymentInitiation(started, renderPrivateMarketItem(started.resource));
    },
  }),
  // POST /api/public/marketplace/{marketplaceId}/preview - the 15-second preview
  route({
    method: "POST",
    path: "/api/public/marketplace/{marketplaceId}/preview",
    auth: "public",
    status: 200,
    summary: "Preview a marketplace item (15 seconds)",
    requestSchema: previewMarketItemInput,
    responseSchema: playResultSchema(publicMarketItemSchema),
    handle: async ({ caller, params, lang }) => {
      const previewed = await caller.marketplace.preview(untrusted({ marketplaceId: params.marketplaceId }));
      return renderPlayResult(previewed, renderPublicMarketItem(previewed.resource), lang);
    },
  }),
];
