import type { VodItemView } from "@/server/domain/vod/vod-item-view";
import { formatDate, formatMoney, omitEmpty } from "@/lib/wire";
import { contentFieldProperties, contentFieldsRequired, renderContentFields } from "./content-fields";
import { publicUserSchema, renderPublicUser } from "./public-user";
import { bundleSchema, renderPrivateBundle } from "./bundle";

/**
 * The document's Vod item: the content's fields (duration "m:ss"), licenseType with its condition
 * (ccType for CREATIVE_COMMONS, pricePerView "2,50" for PAY_PER_VIEW, the bundle object for
 * CONTENT_BUNDLE), valueDate the publishing date and expirationDate (supplement §1) dd/MM/yyyy,
 * public; `publisher` and `views` (docs/analytics.md) only in public views (paths under /api/public/).
 * Empty optionals are left out.
 */
export function renderVodItem(v: VodItemView, view: { publisher: boolean }) {
  return omitEmpty({
    vodId: v.vodId,
    ...renderContentFields(v),
    licenseType: v.licenseType,
    ccType: v.ccType,
    pricePerView: v.pricePerViewCents === undefined ? undefined : formatMoney(v.pricePerViewCents),
    bundle: v.bundle ? renderPrivateBundle(v.bundle) : undefined,
    valueDate: formatDate(v.publishedAt),
    public: v.public,
    expirationDate: v.expirationDate ? formatDate(v.expirationDate) : undefined,
    publisher: view.publisher ? renderPublicUser(v.publisher) : undefined,
    views: view.publisher ? v.views : undefined,
  });
}

/** Renderers of the two views, for `items.map`. */
export const renderPrivateVodItem = (v: VodItemView) => renderVodItem(v, { publisher: false });
export const renderPublicVodItem = (v: VodItemView) => renderVodItem(v, { publisher: true });

const vodItemProperties = {
  vodId: { type: "string" },
  ...contentFieldProperties,
  licenseType: { type: "string", enum: ["FREE", "PAY_PER_VIEW", "CREATIVE_COMMONS", "CONTENT_BUNDLE"] },
  ccType: { type: "string", enum: ["BY", "BY_SA", "BY_ND", "BY_NC", "BY_NC_SA", "BY_NC_ND"], description: "CREATIVE_COMMONS only" },
  pricePerView: { type: "string", examples: ["2,50"], description: "PAY_PER_VIEW only, comma decimals" },
  bundle: { ...bundleSchema, description: "CONTENT_BUNDLE only: the bundle it is an item of" },
  valueDate: { type: "string", format: "dd/MM/yyyy", description: "publishing date" },
  public: { type: "boolean", description: "visible in public pages (with the publisher's features.vodPublic)" },
  expirationDate: { type: "string", format: "dd/MM/yyyy", description: "last day it is listed and playable" },
};

const vodItemRequired = ["vodId", ...contentFieldsRequired, "licenseType", "valueDate", "public"];

/** The private view (the owner's). */
export const vodItemSchema: Record<string, unknown> = { type: "object", required: vodItemRequired, properties: vodItemProperties };

/** The public view, with its publisher. */
export const publicVodItemSchema: Record<string, unknown> = {
  type: "object",
  required: [...vodItemRequired, "publisher", "views"],
  properties: {
    ...vodItemProperties,
    publisher: publicUserSchema,
    views: { type: "integer", minimum: 0, description: "its views: plays that watched 5 s, once per viewer per 30 minutes" },
  },
};
