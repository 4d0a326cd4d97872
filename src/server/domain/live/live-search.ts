import { Prisma } from "@/generated/prisma/client";
import { toTsQuery } from "@/server/domain/shared/search";

// The words of the live searches, computed on the fly (a creator has few channels and events, and
// the public listings are filtered to what is public before matching), with the relevance the
// document asks for: a channel's or an event's own fields first (name A 1.0, tags B 0.4,
// description C 0.2, as the vod and bundle searches weigh them), then the words of what it
// belongs to, boosted down into D: an event's channel (boost 0.7 of the lowest own field: 0.14)
// when no channel filter is given, a channel's or event's publisher when no user filter is given.
// The public event search sorts by time only; its words just select.

const words = (text: string, weight: string) =>
  `setweight(to_tsvector('simple'::regconfig, translate(${text}, '.@/:_', '     ')), '${weight}')`;

/** The own fields of a row `a` with name (or `nameColumn`), tags and description columns (a channel, an event, a cast program). */
const ownWords = (a: string, nameColumn = "name") =>
  `${words(`${a}."${nameColumn}"`, "A")} || ${words(`kinora_tags_text(${a}."tags")`, "B")} || ${words(`coalesce(${a}."description", '')`, "C")}`;

/** A channel `c` as the words of its events (D). */
const CHANNEL_AS_CONTEXT = words(`concat_ws(' ', c."name", kinora_tags_text(c."tags"), c."description")`, "D");
/** The publisher `u` (userCode, first and last name, page title and description: D). */
const PUBLISHER_WORDS = words(`concat_ws(' ', u."userCode", u."firstName", u."lastName", u."pageTitle", u."pageDescription")`, "D");

const WEIGHTS = `'{0.14, 0.2, 0.4, 1.0}'::float4[]`;

export interface LiveMatch {
  where: Prisma.Sql;
  rank: Prisma.Sql;
}

function match(vector: string, queryString: string | undefined): LiveMatch | undefined {
  const tsQuery = toTsQuery(queryString);
  if (!tsQuery) return undefined;
  const v = Prisma.raw(`(${vector})`);
  const query = Prisma.sql`to_tsquery('simple', ${tsQuery})`;
  return { where: Prisma.sql`${v} @@ ${query}`, rank: Prisma.sql`ts_rank(${Prisma.raw(WEIGHTS)}, ${v}, ${query})` };
}

/** A query over channel `c` (and its publisher `u` when `publisher`); undefined without words. */
export const channelMatch = (queryString: string | undefined, publisher: boolean) =>
  match(`${ownWords("c")}${publisher ? ` || ${PUBLISHER_WORDS}` : ""}`, queryString);

/**
 * A query over a scheduled row `a` (a live event `e`; a cast program `p`, whose name is its title),
 * its channel `c` (when `channel`) and its publisher `u` (when `publisher`).
 */
export const scheduledMatch = (
  a: string,
  queryString: string | undefined,
  with_: { channel: boolean; publisher: boolean; nameColumn?: string },
) =>
  match(
    `${ownWords(a, with_.nameColumn)}${with_.channel ? ` || ${CHANNEL_AS_CONTEXT}` : ""}${with_.publisher ? ` || ${PUBLISHER_WORDS}` : ""}`,
    queryString,
  );

/** A query over event `e`, its channel `c` (when `channel`) and its publisher `u` (when `publisher`). */
export const eventMatch = (queryString: string | undefined, with_: { channel: boolean; publisher: boolean }) =>
  scheduledMatch("e", queryString, with_);

/** Every tag of `tags` on the row `a`. */
export const tagsFilter = (a: string, tags: string[] | undefined) =>
  tags?.length ? [Prisma.sql`${Prisma.raw(`${a}."tags"`)} @> ${tags}::text[]`] : [];
