import type { BoxItemView } from "@/server/domain/box/box-item-view";
import { formatDate, omitEmpty } from "@/lib/wire";
import { contentFieldProperties, contentFieldsRequired, renderContentFields } from "./content-fields";
import { renderTerms, termsProperties } from "./market-item";

/**
 * The document's Box item: duration "m:ss" ("0:00" until the probe ran), valueDate (creation date)
 * dd/MM/yyyy, empty optionals left out. Two owner-only fields (every box read is the owner's):
 * `progress`, the processing percent (0..100, 100 once READY), and `statusReason`, why ingestion
 * failed (status FAILED only). `expirationDate` (supplement §1) when set. `marketplaceLicense` for a
 * content acquired on the marketplace.
 */
export function renderBoxItem(v: BoxItemView) {
  return omitEmpty({
    ...renderContentFields(v),
    source: v.source,
    valueDate: formatDate(v.createdAt),
    status: v.status,
    vodCount: v.vodCount,
    statusReason: v.statusReason,
    progress: v.progress,
    expirationDate: v.expirationDate ? formatDate(v.expirationDate) : undefined,
    marketplaceLicense: v.marketplaceLicense && {
      licenseId: v.marketplaceLicense.licenseId,
      marketplaceId: v.marketplaceLicense.marketplaceId,
      issuerCode: v.marketplaceLicense.issuerCode,
      ...renderTerms(v.marketplaceLicense),
      expirationDate: v.marketplaceLicense.expiresAt && formatDate(v.marketplaceLicense.expiresAt),
    },
  });
}

export const boxItemSchema: Record<string, unknown> = {
  type: "object",
  required: [...contentFieldsRequired, "source", "valueDate", "status", "vodCount", "progress"],
  properties: {
    ...contentFieldProperties,
    source: { type: "string", enum: ["UPLOAD", "MARKETPLACE"] },
    valueDate: { type: "string", format: "dd/MM/yyyy" },
    status: { type: "string", enum: ["PROCESSING", "READY", "FAILED"] },
    vodCount: { type: "integer" },
    progress: { type: "integer", minimum: 0, maximum: 100, description: "processing percent (owner only)" },
    statusReason: { type: "string", description: "why ingestion failed (status FAILED, owner only)" },
    expirationDate: { type: "string", format: "dd/MM/yyyy" },
    marketplaceLicense: {
      type: "object",
      description: "only for contents acquired on the marketplace (source MARKETPLACE)",
      required: ["licenseId", "issuerCode", "licenseType", "download"],
      properties: {
        licenseId: { type: "string" },
        marketplaceId: { type: "string", description: "absent once the seller withdrew the listing" },
        issuerCode: { type: "string", description: "the seller's userCode" },
        ...termsProperties,
        expirationDate: { type: "string", format: "dd/MM/yyyy", description: "the day the license ends (a license with a duration)" },
      },
    },
  },
};

export const searchPageSchema = (items: Record<string, unknown>): Record<string, unknown> => ({
  type: "object",
  required: ["pageSize", "pageIndex", "totalCount", "pageCount", "items"],
  properties: {
    pageSize: { type: "integer" },
    pageIndex: { type: "integer" },
    totalCount: { type: "integer" },
    pageCount: { type: "integer" },
    items: { type: "array", items },
  },
});
