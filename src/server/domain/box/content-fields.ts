import type { Prisma } from "@/generated/prisma/client";
import { columnsOf, type JsonColumnsOf } from "@/server/db/json-rows";
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

/** The box item's columns of a ContentRow, for a Prisma select: the one list of the content's columns. */
export const contentRowSelect = {
  contentId: true,
  resourceId: true,
  title: true,
  description: true,
  durationSeconds: true,
  thumbnailId: true,
  tags: true,
} satisfies Prisma.BoxItemSelect & Record<keyof ContentRow, true>;

const CONTENT_COLUMNS = Object.keys(contentRowSelect) as (keyof ContentRow)[];

/** ContentRow's columns of box items (or of a subquery of them) `table`, by name: for a statement's column declarations (db/json-rows.ts). */
export const contentColumnsOf = (table: string) => columnsOf(table, ...CONTENT_COLUMNS);

/** ContentRow's columns of `table` as a SELECT list. */
export const contentColumnsSql = (table: string) => CONTENT_COLUMNS.map((c) => `${table}."${c}"`).join(", ");

/** ContentRow's columns of `table` as the pairs of a json_build_object. */
export const contentObjectSql = (table: string) => CONTENT_COLUMNS.map((c) => `'${c}', ${table}."${c}"`).join(", ");

/** Row k of columns of ContentRow (db/json-rows.ts, jsonColumns), by name. */
export function contentRowAt(columns: JsonColumnsOf<ContentRow>, k: number): ContentRow {
  const row: Record<string, unknown> = {};
  for (const c of CONTENT_COLUMNS) row[c] = columns[c][k] ?? null;
  return row as unknown as ContentRow;
}

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
