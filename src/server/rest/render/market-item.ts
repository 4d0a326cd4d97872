import type { LicenseTerms } from "@/server/domain/marketplace/license-terms";
import type { MarketItemView } from "@/server/domain/marketplace/market-item-view";
import { formatMoney, omitEmpty } from "@/lib/wire";
import { contentFieldProperties, contentFieldsRequired, renderContentFields } from "./content-fields";
import { publicUserSchema, renderPublicUser } from "./public-user";

/**
 * License terms as the document writes them (marketplace item `conditions`, box item
 * `marketplaceLicense`): licenseType, ccType, activationPrice and pricePerView "2,50",
 * earningPercentage "20,00" (supplement §3: percentages leave as comma strings), duration and
 * durationUnit (supplement §1), download; what a type does not take is left out.
 */
export function renderTerms(t: LicenseTerms) {
  return {
    licenseType: t.licenseType,
    ccType: t.ccType,
    activationPrice: t.activationPriceCents === undefined ? undefined : formatMoney(t.activationPriceCents),
    pricePerView: t.pricePerViewCents === undefined ? undefined : formatMoney(t.pricePerViewCents),
    earningPercentage: t.earningPercentage === undefined ? undefined : formatMoney(t.earningPercentage * 100),
    duration: t.duration,
    durationUnit: t.durationUnit,
    download: t.download,
  };
}

export const termsProperties = {
  licenseType: { type: "string", enum: ["FREE", "CREATIVE_COMMONS", "SPOT_PRICE", "PAY_PER_VIEW", "REVENUE_SHARING"] },
  ccType: { type: "string", enum: ["BY", "BY_SA", "BY_ND", "BY_NC", "BY_NC_SA", "BY_NC_ND"], description: "CREATIVE_COMMONS only" },
  activationPrice: { type: "string", examples: ["25,00"], description: "SPOT_PRICE only: paid once to acquire" },
  pricePerView: { type: "string", examples: ["0,50"], description: "PAY_PER_VIEW only: credited to the seller per paid view" },
  earningPercentage: { type: "string", examples: ["20,00"], description: "REVENUE_SHARING only: the seller's part of the net revenue" },
  duration: { type: "integer", description: "how long an acquired license lasts (absent: for good)" },
  durationUnit: { type: "string", enum: ["DAYS", "MONTHS", "YEARS"] },
  download: { type: "boolean", description: "whether the acquirer may download the original" },
};

/** The document's Marketplace item: the content's fields, `conditions`, and `seller` only in public views. */
export function renderMarketItem(v: MarketItemView, view: { seller: boolean }) {
  return omitEmpty({
    marketplaceId: v.marketplaceId,
    ...renderContentFields(v),
    conditions: renderTerms(v.conditions),
    seller: view.seller ? renderPublicUser(v.seller) : undefined,
  });
}

export const renderPrivateMarketItem = (v: MarketItemView) => renderMarketItem(v, { seller: false });
export const renderPublicMarketItem = (v: MarketItemView) => renderMarketItem(v, { seller: true });

const marketItemProperties = {
  marketplaceId: { type: "string" },
  ...contentFieldProperties,
  conditions: { type: "object", required: ["licenseType", "download"], properties: termsProperties },
};
const marketItemRequired = ["marketplaceId", ...contentFieldsRequired, "conditions"];

export const marketItemSchema: Record<string, unknown> = { type: "object", required: marketItemRequired, properties: marketItemProperties };

export const publicMarketItemSchema: Record<string, unknown> = {
  type: "object",
  required: [...marketItemRequired, "seller"],
  properties: { ...marketItemProperties, seller: publicUserSchema },
};
