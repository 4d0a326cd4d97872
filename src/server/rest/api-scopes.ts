import type { ApiScope } from "@/server/auth/api-keys";
import { scopeIn, type RestRoute, type RestRouteGroup } from "./route";
import { restRouteGroups } from "./routes";

// Which API-key scope each REST operation needs (issue 27 item 2): its group's (routes/index.ts),
// `read` for a GET or a search (a POST under /api/search/ or .../search: the document searches by
// POST), `write` for the others. An operation of a group without scopes needs a user's own login
// where it needs a user at all: account, plans, administration, the keys themselves.

const groupScopes = new Map<RestRoute, RestRouteGroup["scopes"]>();
for (const group of restRouteGroups) if (group.scopes) for (const r of group.routes) groupScopes.set(r, group.scopes);

/** The scope `route` needs of an API key; undefined when its group has none. */
export const scopeOf = (route: RestRoute): ApiScope | undefined => scopeIn(route, groupScopes.get(route));

/**
 * Whether an API key with `scopes` may call `route`: the operation's scope among them; an operation
 * without one only where no user is needed (auth "none" or "optional").
 */
export function keyMayCall(route: RestRoute, scopes: readonly string[]): { ok: true } | { ok: false; scope?: ApiScope } {
  const needed = scopeOf(route);
  if (needed) return scopes.includes(needed) ? { ok: true } : { ok: false, scope: needed };
  return route.auth === "none" || route.auth === "optional" ? { ok: true } : { ok: false };
}
