import type { z } from "zod";
import type { Caller } from "@/server/trpc/caller";
import type { Lang } from "@/server/i18n/messages";
import type { ApiScope } from "@/server/auth/api-keys";

export type HttpMethod = "GET" | "POST" | "DELETE";

/** What a route's handler gets: the tRPC caller bound to the request's actor, and the request parts. */
export interface RestCall {
  caller: Caller;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The JSON body, leniently parsed ({} when absent); undefined for multipart routes. */
  body: Record<string, unknown>;
  request: Request;
  /** Viewer's offset east of UTC, ms (X-Service-timezone). */
  offsetMs: number;
  lang: Lang;
}

/** One row of the document: method, path, who may call it, success status, and the mapping to a procedure. */
export interface RestRoute {
  method: HttpMethod;
  /** Documented path with {param} placeholders. */
  path: string;
  /**
   * "public": a public or private token; "private": a private token; "none": no token (asset and
   * download links); "optional": a token or none (a report from any page: the caller is its user when
   * a token names one).
   */
  auth: "public" | "private" | "none" | "optional";
  /** 302: the handler answers the redirect itself (its Location is described in the OpenAPI document). */
  status: 200 | 201 | 202 | 204 | 302;
  /** The success body's media type in the OpenAPI document (default application/json; the handler answers a Response). */
  contentType?: string;
  summary: string;
  /**
   * Input schema for the OpenAPI document (the domain schema of the procedure). Its fields other than
   * the path parameters are the JSON body of a POST (multipart with rawBody) and the query parameters
   * of a GET or DELETE.
   */
  requestSchema?: z.ZodType;
  /** JSON schema of the success body for the OpenAPI document. */
  responseSchema?: Record<string, unknown>;
  /**
   * Error statuses the operation answers besides those the document derives (400 for a POST or an
   * input, 401 unless auth is "none", 403 when private, 404 with path parameters), e.g. [409, 429].
   */
  errors?: Array<403 | 404 | 409 | 413 | 429 | 451 | 503>;
  /** Whether the handler reads the body itself (multipart); otherwise JSON is parsed for it. */
  rawBody?: boolean;
  handle(call: RestCall): Promise<unknown> | unknown;
}

/** One table per context; the tag names the context in the OpenAPI document and the /docs/api page. */
export interface RestRouteGroup {
  tag: string;
  description?: string;
  routes: RestRoute[];
  /**
   * The API-key scopes its operations need (rest/api-scopes.ts): `read` for a GET or a search POST,
   * `write` for the others. A group without them is closed to API keys where a user is needed
   * (account, plans, administration, the keys themselves).
   */
  scopes?: { read: ApiScope; write: ApiScope };
}

export const route = (r: RestRoute): RestRoute => r;

/** Request data handed to a procedure unvalidated: the procedure's own parser checks it. */
export const untrusted = (value: unknown): never => value as never;

const isSearch = (path: string) => path.startsWith("/api/search/") || path.startsWith("/api/public/search/") || /\/search$/.test(path);

/** The scope an API key needs for `route` of a group with `scopes` (rest/api-scopes.ts): read for a GET or a search, else write. */
export function scopeIn(route: RestRoute, scopes: RestRouteGroup["scopes"]): ApiScope | undefined {
  if (!scopes) return undefined;
  return route.method === "GET" || isSearch(route.path) ? scopes.read : scopes.write;
}
