import type { Actor } from "@/server/core/context";
import { clientOrigins, corsOrigins } from "@/server/auth/cors-origins";
import type { SqlPort } from "@/server/db/sql-runner";

// CORS for the REST interface (issue 27 item 4): a browser page on an origin that an OAuth client or
// an API key allows may call /api. A preflight (OPTIONS) from such an origin is answered for the
// API's methods and headers; a request's answer carries Access-Control-Allow-Origin when its origin
// is one its credential allows (an API key's own origins, a client token's client's, without a
// token any registered one). Any other origin gets no CORS header: the browser keeps the answer
// from the page. No cookies cross origins (no Allow-Credentials): the API takes bearer tokens.

const METHODS = "GET, POST, DELETE";
const HEADERS = [
  "Authorization",
  "Content-Type",
  "Accept",
  "Accept-Language",
  "Idempotency-Key",
  "X-Request-Id",
  "X-Service-timezone",
  "X-Service-progressbarId",
].join(", ");
// what a page may read of an answer besides the simple headers
const EXPOSED = [
  "RateLimit",
  "RateLimit-Policy",
  "Retry-After",
  "Idempotent-Replayed",
  "X-Request-Id",
  "WWW-Authenticate",
  "Location",
  "Kinora-Play-Session",
].join(", ");
const MAX_AGE_SECONDS = 600;

/** The answer to a preflight: 204, with the CORS grant when `origin` is one some client or key allows. */
export async function preflightResponse(sql: SqlPort, origin: string | null): Promise<Response> {
  const headers: Record<string, string> = { Vary: "Origin", "Cache-Control": "no-store" };
  if (origin && (await corsOrigins(sql)).has(origin))
    Object.assign(headers, {
      "Access-Control-Allow-Origin": origin,
      "Access-Control-Allow-Methods": METHODS,
      "Access-Control-Allow-Headers": HEADERS,
      "Access-Control-Max-Age": String(MAX_AGE_SECONDS),
    });
  return new Response(null, { status: 204, headers });
}

/** Whether `origin` may read the answer to a request made with `actor`'s credential (undefined: not resolved). */
export async function originAllowed(sql: SqlPort, origin: string, actor: Actor | undefined): Promise<boolean> {
  if (actor?.kind === "user" && actor.apiKey) return actor.apiKey.origins.includes(origin);
  if (actor && actor.kind !== "anonymous" && !actor.clientId.startsWith("key:"))
    return (await clientOrigins(sql, actor.clientId)).includes(origin);
  return (await corsOrigins(sql)).has(origin);
}

/** The headers an answer to `origin` adds: Vary: Origin, and the CORS grant when allowed. */
export function corsHeaders(origin: string, allowed: boolean): [string, string][] {
  const headers: [string, string][] = [["Vary", "Origin"]];
  if (allowed) headers.push(["Access-Control-Allow-Origin", origin], ["Access-Control-Expose-Headers", EXPOSED]);
  return headers;
}
