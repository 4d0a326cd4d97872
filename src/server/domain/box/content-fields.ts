import type { Prisma } from "@/generated/prisma/client";
import { signPoster, type PlayableItem } from "@/server/domain/playback/sign-playback";

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

/** A box content's columns as read (nullable as stored), whatever statement read them. */
export interface ContentRow {
  contentId: string;
  resourceId: string;
  title: string;
  description: string | null;
  durationSeconds: number | null;
  thumbnailId: string | null;
  tags: string[] | null;
}

/**
 * A ContentRow as the statements that send rows as JSON arrays (large answers: bundle items, a cast
 * calendar) write it: contentTupleSql's columns of box items (or of a subquery of them) `table`, in
 * this order, last in the row.
 */
export type ContentTuple = [
  contentId: string,
  resourceId: string,
  title: string,
  description: string | null,
  durationSeconds: number | null,
  thumbnailId: string | null,
  tags: string[] | null,
];
const CONTENT_COLUMNS = ["contentId", "resourceId", "title", "description", "durationSeconds", "thumbnailId", "tags"];
/** ContentTuple's columns of `table`, in order; `each` wraps every one (an aggregate, for a statement that sends a column of values each). */
export const contentTupleSql = (table: string, each = (column: string) => column) =>
  CONTENT_COLUMNS.map((c) => each(`${table}."${c}"`)).join(", ");

export const contentRowOf = ([
  contentId,
  resourceId,
  title,
  description,
  durationSeconds,
  thumbnailId,
  tags,
]: ContentTuple): ContentRow => ({
  contentId,
  resourceId,
  title,
  description,
  durationSeconds,
  thumbnailId,
  tags,
});

type ColumnsOf<Row extends unknown[]> = { [K in keyof Row]: Row[K][] };
/** ContentTuple's values as columns (one array each, the rows in order), as a statement that sends columns writes them. */
export type ContentColumns = ColumnsOf<ContentTuple>;

/** Row k of ContentColumns. */
export function contentRowAt(
  [contentIds, resourceIds, titles, descriptions, durations, thumbnailIds, tags]: ContentColumns,
  k: number,
): ContentRow {
  return {
    contentId: contentIds[k]!,
    resourceId: resourceIds[k]!,
    title: titles[k]!,
    description: descriptions[k] ?? null,
    durationSeconds: durations[k] ?? null,
    thumbnailId: thumbnailIds[k] ?? null,
    tags: tags[k] ?? null,
  };
}

/** The box item's columns of a ContentRow, for a Prisma select. */
export const contentRowSelect = {
  contentId: true,
  resourceId: true,
  title: true,
  description: true,
  durationSeconds: true,
  thumbnailId: true,
  tags: true,
} satisfies Prisma.BoxItemSelect;

/**
 * The content fields of box item `boxId` read as `row`; `poster`: the media home whose poster.jpg is
 * signed (with whose band pays), when the ingest grabbed one. The one mapping of the box item, vod,
 * bundle item and marketplace item views.
 */
export function contentFieldsOf(boxId: string, row: ContentRow, poster: PlayableItem | undefined, baseUrl?: string): ContentFields {
  return {
    boxId,
    contentId: row.contentId,
    resourceId: row.resourceId,
    title: row.title,
    description: row.description ?? undefined,
    durationSeconds: row.durationSeconds,
    thumbnailId: row.thumbnailId ?? undefined,
    posterUrl: poster ? signPoster(poster, { baseUrl }) : undefined,
    tags: row.tags ?? [],
  };
}
