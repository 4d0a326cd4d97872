import type { BoxItemView } from "@/server/domain/box/box-item-view";
import { formatDate, formatDuration, omitEmpty } from "@/server/rest/wire";

/**
 * The document's Box item: duration "m:ss" ("0:00" until the probe ran), valueDate (creation date)
 * dd/MM/yyyy, empty optionals left out. Two owner-only fields (every box read is the owner's):
 * `progress`, the processing percent (0..100, 100 once READY), and `statusReason`, why ingestion
 * failed (status FAILED only). `expirationDate` (supplement §1) when set.
 */
export function renderBoxItem(v: BoxItemView) {
  return omitEmpty({
    boxId: v.boxId,
    contentId: v.contentId,
    resourceId: v.resourceId,
    title: v.title,
    description: v.description,
    duration: formatDuration(v.durationSeconds),
    thumbnailId: v.thumbnailId,
    tags: v.tags.length ? v.tags : undefined,
    source: v.source,
    valueDate: formatDate(v.createdAt),
    status: v.status,
    vodCount: v.vodCount,
    statusReason: v.statusReason,
    progress: v.progress,
    expirationDate: v.expirationDate ? formatDate(v.expirationDate) : undefined,
  });
}

export const boxItemSchema: Record<string, unknown> = {
  type: "object",
  required: ["boxId", "contentId", "resourceId", "title", "duration", "source", "valueDate", "status", "vodCount", "progress"],
  properties: {
    boxId: { type: "string" },
    contentId: { type: "string", examples: ["urn:kinora:content:6f1c0c1e-8d0a-4a53-9f51-0e0c6b5b7a11"] },
    resourceId: { type: "string" },
    title: { type: "string" },
    description: { type: "string" },
    duration: { type: "string", pattern: "^\\d+:\\d{2}$", examples: ["3:07"] },
    thumbnailId: { type: "string" },
    tags: { type: "array", items: { type: "string" } },
    source: { type: "string", enum: ["UPLOAD", "MARKETPLACE"] },
    valueDate: { type: "string", format: "dd/MM/yyyy" },
    status: { type: "string", enum: ["PROCESSING", "READY", "FAILED"] },
    vodCount: { type: "integer" },
    progress: { type: "integer", minimum: 0, maximum: 100, description: "processing percent (owner only)" },
    statusReason: { type: "string", description: "why ingestion failed (status FAILED, owner only)" },
    expirationDate: { type: "string", format: "dd/MM/yyyy" },
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
