// Totals of broad public searches (vods, marketplace listings), reused for a few seconds. Counting
// is the one part of such a search whose work grows with its matches (pages come from indexes in
// their order): the home page's listing and the commonest words count tens of thousands of index
// entries, every time. A total of LARGE_TOTAL or more is kept for TTL_MS in this process, under the
// count's SQL and parameters, and the search then reads only its page; smaller totals are always
// counted (they cost little, and a creator looking for what they just published sees it counted at
// once). So a large total may lag by what was published in the last seconds, as a search engine's
// does until its next refresh; the page is always fresh.

export const LARGE_TOTAL = 1000;
const TTL_MS = 5000;
const MAX_ENTRIES = 2000;

const totals = new Map<string, { total: number; until: number }>();

/** The total remembered for a count (its SQL and parameters), if still fresh. */
export function rememberedTotal(key: string, now = Date.now()): number | undefined {
  const hit = totals.get(key);
  if (hit && hit.until > now) return hit.total;
  if (hit) totals.delete(key);
  return undefined;
}

/** Keeps a large total for the next searches of the same count. */
export function rememberTotal(key: string, total: number, now = Date.now()): void {
  if (total < LARGE_TOTAL) return;
  if (totals.size >= MAX_ENTRIES) totals.delete(totals.keys().next().value!);
  totals.set(key, { total, until: now + TTL_MS });
}
