import { getDbAccess } from "@/server/db/client";
import { bearerOf, resolveBearer, type ActorResolution } from "@/server/auth/resolve-actor";
import { noteApiKeyUse } from "@/server/auth/api-keys";
import { DomainError } from "@/server/core/errors";
import { pickLang, translate } from "@/server/i18n/messages";
import { createCaller } from "@/server/trpc/caller";
import {
  accessDeniedResponse,
  domainErrorResponse,
  insufficientScopeResponse,
  errorResponse,
  internalErrorResponse,
  invalidTokenResponse,
  json,
  missingTokenResponse,
} from "./error-body";
import { readJsonBody } from "./read-body";
import { RouteMatcher } from "./router-match";
import { restRoutes } from "./routes";
import { parseOffset } from "@/lib/wire";
import { baseUrlOf } from "@/server/http/base-url";
import { clientAddress } from "./client-address";
import { domainErrorOf } from "./domain-error-of";
import { noteRequest } from "@/server/http/request-context.mjs";
import { keyMayCall } from "./api-scopes";
import { idempotencyOf, runOnce } from "./idempotent-post";
import { corsHeaders, originAllowed, preflightResponse } from "./cors";
import { apiBudgetOf, budgetHeaders, budgetSpentError, spendApiBudget } from "./api-budget";
import type { Actor } from "@/server/core/context";

const matcher = new RouteMatcher(restRoutes);

/** What answering a request learnt that its answer's headers need: the caller, its budget's state. */
interface Seen {
  actor?: Actor;
  budgetHeaders?: [string, string][];
}

/**
 * The one entry of the documented REST interface: match, authenticate, spend the caller's request
 * budget (api-budget.ts), parse, call the procedure, render; with CORS for the origins OAuth clients
 * and API keys allow (cors.ts).
 */
export async function dispatchRest(request: Request): Promise<Response> {
  const origin = request.headers.get("origin");
  if (request.method === "OPTIONS") return preflightResponse((await getDbAccess()).sql, origin);
  const seen: Seen = {};
  const response = await answer(request, seen);
  const added = seen.budgetHeaders ?? [];
  if (origin) {
    const allowed = await getDbAccess()
      .then(({ sql }) => originAllowed(sql, origin, seen.actor))
      .catch(() => false); // the database gone: no grant, the answer itself stands
    added.push(...corsHeaders(origin, allowed));
  }
  return added.length ? withHeaders(response, added) : response;
}

/** `response` with `added` (appended: Vary may be there already). */
function withHeaders(response: Response, added: [string, string][]): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of added) headers.append(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function answer(request: Request, seen: Seen): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname;
  const lang = pickLang(request.headers.get("accept-language"));
  const match = matcher.match(request.method, path);
  if (!match) return errorResponse(404, translate(lang, "error.notFound"), path);
  if ("methodNotAllowed" in match) {
    return errorResponse(405, translate(lang, "error.methodNotAllowed"), path, {}, { Allow: match.methodNotAllowed.join(", ") });
  }
  const { route, params } = match;
  noteRequest({ route: route.path });
  try {
    const { db, sql } = await getDbAccess();
    const token = bearerToken(request, url);
    const anonymous = route.auth === "none" || (route.auth === "optional" && token === undefined);
    const auth: ActorResolution = anonymous ? { ok: true, actor: { kind: "anonymous" }, scope: "none" } : await resolveBearer(sql, token);
    const address = clientAddress(request);
    // a token that does not verify spends its address's budget
    const budget = apiBudgetOf(route, auth.ok ? auth.actor : undefined, address);
    if (budget) {
      const spending = spendApiBudget(budget);
      seen.budgetHeaders = budgetHeaders(budget, spending);
      if (!spending.allowed) return domainErrorResponse(budgetSpentError(budget, spending), lang, path);
    }
    if (!auth.ok) return invalidTokenResponse(token ?? "", auth.reason);
    seen.actor = auth.actor;
    if (auth.actor.kind !== "anonymous") noteRequest({ clientId: auth.actor.clientId, userCode: auth.userCode });
    if (route.auth !== "none" && route.auth !== "optional" && auth.scope === "none") return missingTokenResponse();
    if (route.auth === "private" && auth.scope !== "private") return accessDeniedResponse();
    // an API key acts as its user within its scopes (api-scopes.ts)
    const key = auth.actor.kind === "user" ? auth.actor.apiKey : undefined;
    if (key) {
      const allowed = keyMayCall(route, key.scopes);
      if (!allowed.ok) return insufficientScopeResponse(allowed.scope);
      noteApiKeyUse(db, key.id);
    }

    const body = route.rawBody ? {} : await readJsonBody(request);
    const run = async (): Promise<Response> => {
      const userAgent = request.headers.get("user-agent") ?? "";
      const caller = createCaller({ actor: auth.actor, db, sql, lang, address, userAgent, baseUrl: baseUrlOf(request) });
      const result = await route.handle({
        caller,
        params,
        query: url.searchParams,
        body,
        request,
        offsetMs: parseOffset(request.headers.get("x-service-timezone")),
        lang,
      });
      if (result instanceof Response) return result;
      return json(route.status, route.status === 204 ? null : result);
    };
    const idempotency = idempotencyOf(request, route, auth.actor, body);
    return idempotency ? await runOnce(db, idempotency, run, lang, path) : await run();
  } catch (err) {
    const domainError = domainErrorOf(err);
    if (domainError) return domainErrorResponse(domainError, lang, path);
    return internalErrorResponse(err, lang, path, `REST ${request.method} ${path} failed`);
  }
}

function bearerToken(request: Request, url: URL): string | undefined {
  return bearerOf(request.headers.get("authorization")) ?? url.searchParams.get("access_token") ?? undefined;
}

export { DomainError };
