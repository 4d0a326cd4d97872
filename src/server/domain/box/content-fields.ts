/**
 * The fields every item made from a box content carries (vod, bundle item, marketplace item): the
 * content's ids and what its box item says of it. REST renders them once (rest/render/content-fields.ts).
 */
export interface ContentFields {
  boxId: string;
  contentId: string;
  resourceId: string;
  title: string;
  description?: string;
  /** Seconds; null until the probe ran (never for a published content: it was READY). */
  durationSeconds: number | null;
  /** The thumbnail its owner chose (a public image: /asset/thumbnail/{thumbnailId}/{width}). */
  thumbnailId?: string;
  /** Signed URL of the poster the ingest grabbed, when there is one (not in the document's shape). */
  posterUrl?: string;
  tags: string[];
}
