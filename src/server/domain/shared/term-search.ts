import type { SqlPort } from "@/server/db/sql-runner";
import { rememberedTotal, rememberTotal } from "./large-totals";

// The statements of a search over a word index: a table of one row per word of a searchable item
// (VodSearchTerm, MarketSearchTerm: lexeme in the C collation, the word's best field as `rank`, from
// the title down to 1 publisher or seller, `publishedAt`, the item's id and the columns its filters read,
// kept by triggers) under a btree in relevance order, or an owner's few items' words read from
// their vectors (ownerTerms). The vod and marketplace searches build their filters and pages; the
// words, their order, the total and the one statement that reads a page are written here.

/** Positional parameters of a statement being written ($1, $2, ...). */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * The words a prefix matches, as a range of the lexeme index: from the prefix up to the prefix
 * followed by the last code point (the lexemes' collation is "C": byte order, which UTF-8 keeps as
 * code point order). A range, not LIKE: a parameter's LIKE pattern cannot bound an index scan in a
 * statement planned once for all parameters (the named statements of the driver's reads, db/sql-runner.ts).
 */
export function prefixRange(word: string, p: Params): { from: string; below: string } {
  return { from: p.add(word), below: p.add(`${word}\u{10FFFF}`) };
}

/** What reads a page: its ids, in order, with the count of all its matches. */
export interface PageStatement {
  /** WITH clauses (without the keyword), or "". */
  withSql: string;
  countSql: string;
  idsSql: string;
  /** The count's identity (its SQL and parameters), when its total may be remembered (large-totals.ts). */
  totalKey?: string;
}

/** The identity of a count: its SQL and the parameters written so far (before the page's). */
const countKey = (countSql: string, p: Params) => `${countSql}\n${JSON.stringify(p.values)}`;

/** LIMIT and OFFSET of a request's page (written last, after the count's parameters). */
const pageClause = (request: { pageSize: number; pageIndex: number }, p: Params) =>
  `LIMIT ${p.add(request.pageSize)} OFFSET ${p.add(request.pageIndex * request.pageSize)}`;

/**
 * The page of a search without words: the items `items` (table and alias `a`) matching `where`,
 * newest first (read in the order of an index on createdAt DESC, id DESC), their total remembered
 * when large.
 */
export function newestStatement(
  items: string,
  a: string,
  where: string,
  p: Params,
  request: { pageSize: number; pageIndex: number },
): PageStatement {
  const countSql = `SELECT count(*) FROM ${items} WHERE ${where}`;
  const totalKey = countKey(countSql, p);
  const idsSql = `SELECT ${a}."id" FROM ${items} WHERE ${where} ORDER BY ${a}."createdAt" DESC, ${a}."id" DESC ${pageClause(request, p)}`;
  return { withSql: "", countSql, totalKey, idsSql };
}

export interface WordSearch {
  p: Params;
  /** The query's words (shared/search.ts queryWords), at least one; the last one a prefix when `prefix`. */
  words: string[];
  prefix: boolean;
  /** The term rows: a table, or a CTE written by the caller (ownerTerms) with its columns. */
  terms: string;
  /** Whether `terms` is the word index itself (its order serves one-word and prefix pages). */
  indexed: boolean;
  /** The quoted column of the item's id in the terms: `"vodId"`. */
  id: string;
  /** Conditions on a term row `t` (the filters the index carries). */
  filters: string[];
  /** A condition on a matched item, by the SQL of its id (e.g. its box item's tags), checked per item. */
  itemCheck?: (idSql: string) => string;
  /**
   * The weight of each rank, from rank 1 up. When they grow with the rank, the index's order (rank,
   * then date) is the relevance order and serves one-word and prefix pages; tied weights (a field
   * that counts as much as the one above it, e.g. a vod's bundle when the search filters on that
   * bundle) have every match scored.
   */
  weights: number[];
  /** The page asked for. */
  request: { pageSize: number; pageIndex: number };
}

/**
 * The page of a query's words:
 * - one word over the index: its rows, in relevance order in the index; a prefix: the distinct words
 *   of its range (one index probe each) merged, their first rows each. The page costs the same
 *   however common the word; the total grows with it (and may be remembered).
 * - otherwise (several words, an item check, an owner's words, tied weights): every word's matches, scored per item
 *   (each word counts for the best field it is in); the work grows with the matches of the words.
 */
export function wordsStatement(s: WordSearch, withSql = ""): PageStatement {
  const { p, id, terms } = s;
  const order = `t."rank" DESC, t."publishedAt" DESC, t.${id} DESC`;
  const inIndexOrder = s.indexed && s.words.length === 1 && !s.itemCheck && s.weights.every((w, i) => i === 0 || w > s.weights[i - 1]!);
  if (inIndexOrder && !s.prefix) {
    const where = [`t."lexeme" = ${p.add(s.words[0])}`, ...s.filters].join(" AND ");
    const countSql = `SELECT count(*) FROM ${terms} t WHERE ${where}`;
    const totalKey = countKey(countSql, p);
    return {
      withSql,
      countSql,
      totalKey,
      idsSql: `SELECT t.${id} FROM ${terms} t WHERE ${where} ORDER BY ${order} ${pageClause(s.request, p)}`,
    };
  }
  if (inIndexOrder) {
    // the words of the prefix's range, one index probe each (a loose index scan); then each word's
    // first rows: the page's items are among them (an item's best row precedes fewer than a page's
    // worth of others in its word), deduplicated to their best row
    const range = prefixRange(s.words[0]!, p);
    const filters = s.filters.length ? ` AND ${s.filters.join(" AND ")}` : "";
    const countSql = `SELECT count(DISTINCT t.${id}) FROM ${terms} t WHERE t."lexeme" >= ${range.from} AND t."lexeme" < ${range.below}${filters}`;
    const totalKey = countKey(countSql, p);
    const lexemes = `RECURSIVE lexemes AS (
        (SELECT t."lexeme" FROM ${terms} t WHERE t."lexeme" >= ${range.from} AND t."lexeme" < ${range.below} ORDER BY t."lexeme" LIMIT 1)
        UNION ALL
        SELECT (SELECT t."lexeme" FROM ${terms} t WHERE t."lexeme" > l."lexeme" AND t."lexeme" < ${range.below} ORDER BY t."lexeme" LIMIT 1)
        FROM lexemes l WHERE l."lexeme" IS NOT NULL)`;
    const firstRows = p.add((s.request.pageIndex + 1) * s.request.pageSize);
    const idsSql = `SELECT b.${id} FROM (
        SELECT DISTINCT ON (f.${id}) f.${id}, f."rank", f."publishedAt"
        FROM lexemes l CROSS JOIN LATERAL (
          SELECT t.${id}, t."rank", t."publishedAt" FROM ${terms} t WHERE t."lexeme" = l."lexeme"${filters}
          ORDER BY ${order} LIMIT ${firstRows}) f
        ORDER BY f.${id}, f."rank" DESC) b
      ORDER BY b."rank" DESC, b."publishedAt" DESC, b.${id} DESC ${pageClause(s.request, p)}`;
    return { withSql: withSql ? `${lexemes}, ${withSql}` : lexemes, countSql, totalKey, idsSql };
  }
  const hits = s.words
    .map((word, i) => {
      const range = s.prefix && i === s.words.length - 1 ? prefixRange(word, p) : undefined;
      const match = range ? `t."lexeme" >= ${range.from} AND t."lexeme" < ${range.below}` : `t."lexeme" = ${p.add(word)}`;
      return `SELECT t.${id}, t."publishedAt", ${i} AS word, t."rank" FROM ${terms} t WHERE ${[match, ...s.filters].join(" AND ")}`;
    })
    .join(" UNION ALL ");
  const having = [...(s.words.length > 1 ? [`count(*) = ${s.words.length}`] : []), ...(s.itemCheck ? [s.itemCheck(id)] : [])];
  // one word: the weight of its best rank (an item matches a prefix through several words)
  const weightOf = `(ARRAY[${s.weights.join(", ")}]::float8[])`;
  const perItem =
    s.words.length > 1
      ? `SELECT ${id}, "publishedAt", sum(${weightOf}[best]) AS score
         FROM (SELECT ${id}, "publishedAt", word, max("rank") AS best FROM hits GROUP BY 1, 2, 3) per_word GROUP BY 1, 2`
      : `SELECT ${id}, "publishedAt", ${weightOf}[max("rank")] AS score FROM hits GROUP BY 1, 2`;
  const scored = `hits AS (${hits}), scored AS MATERIALIZED (${perItem}${having.length ? ` HAVING ${having.join(" AND ")}` : ""})`;
  return {
    withSql: withSql ? `${withSql}, ${scored}` : scored,
    countSql: `SELECT count(*) FROM scored`,
    idsSql: `SELECT ${id} FROM scored ORDER BY score DESC, "publishedAt" DESC, ${id} DESC ${pageClause(s.request, p)}`,
  };
}

/**
 * The words of an item row, as SQL over its alias: the vector a query is matched with, and the
 * call that lists its words with their ranks as its term rows carry them (lexeme, rank).
 */
export interface ItemWords {
  vector: string;
  terms: string;
}

/** The words of an item whose `searchVector` holds them all (content A, B, C; publisher or seller D). */
const vectorWords = (alias: string): ItemWords => ({
  vector: `${alias}."searchVector"`,
  terms: `kinora_vod_terms(${alias}."searchVector")`,
});

/**
 * A WITH clause `terms` of an owner's matching items' content words (rank above 1: not the
 * publisher's or seller's), read from their vectors: the index-free check of a small set.
 * `items` is the item table with its alias (`"VodItem" v`), `where` its conditions, `tsQuery`
 * restricted to the content's weights (toTsQuery(..., "ABC")), `words` where the item's words are.
 */
export function ownerTerms(
  items: string,
  alias: string,
  id: string,
  where: string,
  tsQuery: string,
  p: Params,
  words = vectorWords(alias),
): string {
  return `terms AS MATERIALIZED (
        SELECT ${alias}."id" AS ${id}, ${alias}."createdAt" AS "publishedAt", x."lexeme", x."rank"
        FROM ${items} CROSS JOIN LATERAL ${words.terms} x
        WHERE ${where} AND ${words.vector} @@ to_tsquery('simple', ${p.add(tsQuery)}) AND x."rank" > 1)`;
}

/**
 * The SQL of a page statement: the total (`NULL` when `counted` is false: a remembered one) and the
 * page's rows, `columns` read `FROM unnest(ids) WITH ORDINALITY p(id, ord) ${joins}` in the page's
 * order (one row of nulls but the total when the page is empty).
 */
export function pageSql(st: PageStatement, counted: boolean, columns: string, joins: string): string {
  return `${st.withSql ? `WITH ${st.withSql} ` : ""}SELECT c.total, r.* FROM (SELECT (${counted ? st.countSql : "NULL"})::float8 AS total) c
    LEFT JOIN LATERAL (SELECT ${columns}, p.ord FROM unnest(ARRAY(${st.idsSql})) WITH ORDINALITY p(id, ord) ${joins}) r ON true
    ORDER BY r.ord`;
}

/** Runs a page statement (pageSql) in one round trip, its total counted unless remembered. */
export async function readPage<R>(
  sql: SqlPort,
  st: PageStatement,
  p: Params,
  columns: string,
  joins: string,
): Promise<{ total: number; rows: R[] }> {
  const remembered = st.totalKey === undefined ? undefined : rememberedTotal(st.totalKey);
  const rows = await sql.read<R & { total: number | null }>(pageSql(st, remembered === undefined, columns, joins), p.values);
  const total = remembered ?? rows[0]?.total ?? 0;
  if (st.totalKey !== undefined && remembered === undefined) rememberTotal(st.totalKey, total);
  return { total, rows };
}
