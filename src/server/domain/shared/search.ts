import { z } from "zod";
import { zBool, zInt } from "@/server/core/schema";

/** The search request shared by every search operation (interface "Shared shapes", supplement §3 defaults). */
export const searchRequest = z.object({
  pageSize: z.preprocess((v) => v ?? 10, zInt().pipe(z.number().min(1).max(100))),
  pageIndex: z.preprocess((v) => v ?? 0, zInt().pipe(z.number().min(0))),
  queryString: z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined), z.string().max(200).optional()),
  tags: z.preprocess((v) => (typeof v === "string" ? [v] : (v ?? undefined)), z.array(z.string()).max(20).optional()),
  pagination: zBool().optional(),
});

export type SearchRequest = z.output<typeof searchRequest>;

export interface SearchPage<T> {
  pageSize: number;
  pageIndex: number;
  totalCount: number;
  pageCount: number;
  items: T[];
}

export function searchPage<T>(req: SearchRequest, totalCount: number, items: T[]): SearchPage<T> {
  return { pageSize: req.pageSize, pageIndex: req.pageIndex, totalCount, pageCount: Math.ceil(totalCount / req.pageSize), items };
}

/**
 * The words of a user query, lower-cased (letters, marks and digits; everything else separates),
 * and whether the last one is a prefix: a trailing `*` (or `**`) makes it one.
 */
export function queryWords(queryString: string | undefined): { words: string[]; prefix: boolean } {
  if (!queryString) return { words: [], prefix: false };
  const words = queryString
    .normalize("NFC") // a decomposed accent (e + U+0301) stays in its word
    .replace(/\*+/g, " ")
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  return { words, prefix: words.length > 0 && /\*+\s*$/.test(queryString) };
}

/**
 * Turns a user query into a PostgreSQL tsquery text: its words ANDed, the last one a prefix match
 * when the query ends in `*`. `weights` (e.g. "ABC") restricts every word to lexemes of those
 * weights, so one vector can hold fields that only some searches look at. Returns undefined for an
 * empty query.
 */
export function toTsQuery(queryString: string | undefined, weights = ""): string | undefined {
  const { words, prefix } = queryWords(queryString);
  if (words.length === 0) return undefined;
  const last = words.length - 1;
  return words.map((w, i) => (prefix && i === last ? `${w}:*${weights}` : weights ? `${w}:${weights}` : w)).join(" & ");
}
