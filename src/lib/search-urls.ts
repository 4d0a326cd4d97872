// The address of the search page (/search?q=&type=&sort=): home rows' "See all", the header's search, the tabs.

export const SEARCH_PATH = "/search";

/** /search with the words, type and order given (those absent left out). */
export function searchPath(query: { q?: string; type?: string; sort?: string }): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
  const text = params.toString();
  return text ? `${SEARCH_PATH}?${text}` : SEARCH_PATH;
}
