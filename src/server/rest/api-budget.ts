import type { Actor } from "@/server/core/context";
import { DomainError } from "@/server/core/errors";
import { requestBudgets, type BudgetSpending } from "@/server/core/request-budget";
import { env } from "@/server/env";
import type { RestRoute } from "./route";

// Request budgets of the REST interface (issue 27 item 5), a minute each: one per API key, one per
// confidential OAuth client (its tokens without a user: a shop's server registering its visitors),
// one per user of an OAuth client (a login's tokens), all of API_RATE_LIMIT_PER_MINUTE; and one per
// address, of API_ANONYMOUS_RATE_LIMIT_PER_MINUTE, for everything else: no token, a token that does
// not verify, or a public client's token (www's secret is public, so its tokens say nothing about who
// calls). Every budgeted answer says where its budget stands (the IETF RateLimit header fields,
// draft-ietf-httpapi-ratelimit-headers); a spent budget answers 429 with Retry-After until its window
// ends. The portal (tRPC), pages, media, the routes outside /api and the token endpoint are
// not budgeted.

const WINDOW_SECONDS = 60;

/** Which budget a request spends: the policy's name (as the headers give it), its counter's key and its size. */
export interface ApiBudget {
  policy: "api-key" | "client" | "user" | "anonymous";
  key: string;
  limit: number;
}

/**
 * The budget of a request to `route` by `actor` (undefined: its token did not verify) from `address`;
 * undefined when it spends none: a route outside /api (thumbnails, downloads, playlists and guides that
 * pages and players load), or a budget that is off (0).
 */
export function apiBudgetOf(route: RestRoute, actor: Actor | undefined, address: string | undefined): ApiBudget | undefined {
  if (!route.path.startsWith("/api/")) return undefined;
  const e = env();
  const budget = ((): ApiBudget => {
    if (actor?.kind === "user" && actor.apiKey)
      return { policy: "api-key", key: `api:key:${actor.apiKey.id}`, limit: e.API_RATE_LIMIT_PER_MINUTE };
    if (actor?.kind === "user")
      return { policy: "user", key: `api:user:${actor.clientId}:${actor.userId}`, limit: e.API_RATE_LIMIT_PER_MINUTE };
    if (actor?.kind === "client" && actor.confidential)
      return { policy: "client", key: `api:client:${actor.clientId}`, limit: e.API_RATE_LIMIT_PER_MINUTE };
    return { policy: "anonymous", key: `api:address:${address ?? "unknown"}`, limit: e.API_ANONYMOUS_RATE_LIMIT_PER_MINUTE };
  })();
  return budget.limit > 0 ? budget : undefined;
}

/** Spends one request of `budget`. */
export function spendApiBudget(budget: ApiBudget): BudgetSpending {
  return requestBudgets.spend(budget.key, budget.limit, WINDOW_SECONDS);
}

/** The refusal of a request whose budget is spent: 429, Retry-After when the window ends. */
export function budgetSpentError(budget: ApiBudget, spending: BudgetSpending): DomainError {
  const seconds = spending.resetSeconds;
  return new DomainError("RATE_LIMITED", "error.requestBudgetSpent", { limit: budget.limit, seconds }, [], seconds);
}

/** The RateLimit-Policy and RateLimit fields of an answer that spent (or was refused) `spending` of `budget`. */
export function budgetHeaders(budget: ApiBudget, spending: BudgetSpending): [string, string][] {
  return [
    ["RateLimit-Policy", `"${budget.policy}";q=${budget.limit};w=${WINDOW_SECONDS}`],
    ["RateLimit", `"${budget.policy}";r=${spending.remaining};t=${spending.resetSeconds}`],
  ];
}
