import type { ContentFields } from "@/server/domain/box/content-fields";
import { formatDuration } from "@/lib/wire";

// The content fields every item made from a box content carries in the document (box item, vod
// item, and later bundle and marketplace items): boxId ... tags, duration "m:ss", empty tags left out.

export function renderContentFields(v: ContentFields) {
  return {
    boxId: v.boxId,
    contentId: v.contentId,
    resourceId: v.resourceId,
    title: v.title,
    description: v.description,
    duration: formatDuration(v.durationSeconds),
    thumbnailId: v.thumbnailId,
    tags: v.tags.length ? v.tags : undefined,
  };
}

/** Their OpenAPI properties; `boxId`, `contentId`, `resourceId`, `title` and `duration` are always there. */
export const contentFieldProperties = {
  boxId: { type: "string" },
  contentId: { type: "string", examples: ["urn:kinora:content:6f1c0c1e-8d0a-4a53-9f51-0e0c6b5b7a11"] },
  resourceId: { type: "string" },
  title: { type: "string" },
  description: { type: "string" },
  duration: { type: "string", pattern: "^\\d+:\\d{2}$", examples: ["3:07"] },
  thumbnailId: { type: "string" },
  tags: { type: "array", items: { type: "string" } },
};

export const contentFieldsRequired = ["boxId", "contentId", "resourceId", "title", "duration"];
