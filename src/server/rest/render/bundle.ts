import type { BundleView } from "@/server/domain/bundles/bundle-view";
import type { BundleItemsView } from "@/server/domain/bundles/bundle-items";
import type { BundleSubscriptionView } from "@/server/domain/bundles/search-subscriptions";
import { formatDate, formatMoney, omitEmpty } from "@/lib/wire";
import { contentFieldProperties, contentFieldsRequired, renderContentFields } from "./content-fields";
import { publicUserSchema, renderPublicUser } from "./public-user";

/**
 * The document's Content bundle: price "2,50", duration and durationUnit (the subscription period),
 * itemCount; `publisher` only in public views (paths under /api/public/). Empty optionals are left out.
 */
export function renderBundle(b: BundleView, view: { publisher: boolean }) {
  return omitEmpty({
    bundleId: b.bundleId,
    name: b.name,
    description: b.description,
    price: formatMoney(b.priceCents),
    duration: b.duration,
    durationUnit: b.durationUnit,
    itemCount: b.itemCount,
    thumbnailId: b.thumbnailId,
    tags: b.tags.length ? b.tags : undefined,
    publisher: view.publisher ? renderPublicUser(b.publisher) : undefined,
  });
}

export const renderPrivateBundle = (b: BundleView) => renderBundle(b, { publisher: false });
export const renderPublicBundle = (b: BundleView) => renderBundle(b, { publisher: true });

/** {items, bundle} of the ordered-bundle operations: each item its itemCode, vodId and content's fields. */
export function renderBundleItems(v: BundleItemsView, view: { publisher: boolean }) {
  return {
    items: v.items.map((i) => omitEmpty({ itemCode: i.itemCode, vodId: i.vodId, ...renderContentFields(i) })),
    bundle: renderBundle(v.bundle, view),
  };
}

/** The document's Bundle subscription: valueDate (the subscription date) and expirationDate dd/MM/yyyy. */
export function renderSubscription(s: BundleSubscriptionView) {
  return {
    subscriptionId: s.subscriptionId,
    bundle: renderPrivateBundle(s.bundle),
    valueDate: formatDate(s.startsAt),
    expirationDate: formatDate(s.expiresAt),
  };
}

const bundleProperties = {
  bundleId: { type: "string" },
  name: { type: "string" },
  description: { type: "string" },
  price: { type: "string", examples: ["9,90"], description: "per period, comma decimals" },
  duration: { type: "integer", description: "the subscription period, in durationUnit" },
  durationUnit: { type: "string", enum: ["DAYS", "MONTHS", "YEARS"] },
  itemCount: { type: "integer", description: "the number of items (the visible ones in public views)" },
  thumbnailId: { type: "string" },
  tags: { type: "array", items: { type: "string" } },
};
const bundleRequired = ["bundleId", "name", "price", "duration", "durationUnit", "itemCount"];

export const bundleSchema: Record<string, unknown> = { type: "object", required: bundleRequired, properties: bundleProperties };
export const publicBundleSchema: Record<string, unknown> = {
  type: "object",
  required: [...bundleRequired, "publisher"],
  properties: { ...bundleProperties, publisher: publicUserSchema },
};

export const bundleItemsSchema = (bundle: Record<string, unknown>): Record<string, unknown> => ({
  type: "object",
  required: ["items", "bundle"],
  properties: {
    items: {
      type: "array",
      description: "in order (indexes are zero-based)",
      items: {
        type: "object",
        required: ["itemCode", "vodId", ...contentFieldsRequired],
        properties: { itemCode: { type: "string" }, vodId: { type: "string" }, ...contentFieldProperties },
      },
    },
    bundle,
  },
});

export const subscriptionSchema: Record<string, unknown> = {
  type: "object",
  required: ["subscriptionId", "bundle", "valueDate", "expirationDate"],
  properties: {
    subscriptionId: { type: "string" },
    bundle: bundleSchema,
    valueDate: { type: "string", format: "dd/MM/yyyy", description: "subscription date" },
    expirationDate: { type: "string", format: "dd/MM/yyyy", description: "the day it ends" },
  },
};
