import { DomainError, type ErrorCode } from "@/server/core/errors";
import { translate, type Lang } from "@/server/i18n/messages";
import { echoableToken } from "@/server/http/echoable-token";
import { errorBody } from "@/server/http/error-json.mjs";
import { currentRequest } from "@/server/http/request-context.mjs";
import { logger } from "@/server/log/logger.mjs";

// The error bodies of supplement §4 ({timestamp, status, error, message, path}) and the OAuth shapes of the document.

export const httpStatus: Record<ErrorCode, number> = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  DEPENDANTS: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  TAKEN_DOWN: 451,
  UNAVAILABLE: 503,
};

const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" };

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  if (status === 204) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json;charset=UTF-8", ...headers } });
}

export function errorResponse(
  status: number,
  message: string,
  path: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  return json(status, errorBody(status, message, path, extra), headers);
}

/**
 * A 500: the error logged once, with its stack (`what` happened), and the body of supplement §4 plus
 * the request id (`requestId`), which a user can quote to whoever runs the instance (docs/operations.md
 * "Request ids"). Only a 500 carries it: the other error bodies keep their documented shape.
 */
export function internalErrorResponse(err: unknown, lang: Lang, path: string, what: string): Response {
  logger().error({ err }, what);
  const requestId = currentRequest()?.id;
  return errorResponse(500, translate(lang, "error.internal"), path, requestId ? { requestId } : {});
}

export function domainErrorResponse(err: DomainError, lang: Lang, path: string): Response {
  const status = httpStatus[err.code];
  const extra: Record<string, unknown> = {};
  if (err.code === "VALIDATION") {
    extra.errors = err.fieldErrors.map((f) => ({ field: f.field, defaultMessage: translate(lang, f.message, f.params) }));
  }
  if (err.code === "DEPENDANTS") extra.exception = "DataIntegrityViolationException";
  // a takedown's answer names its reason as staff wrote it (issue 25 item 5)
  if (err.code === "TAKEN_DOWN") extra.reason = err.params.reason;
  const headers: Record<string, string> = err.retryAfterSeconds ? { "Retry-After": String(err.retryAfterSeconds) } : {};
  // a body refused while it still arrives: the connection is not kept for the next request (the
  // launcher's lingering close lets the answer reach the client, http/lingering-close.mjs)
  if (err.code === "PAYLOAD_TOO_LARGE") headers.Connection = "close";
  return errorResponse(status, translate(lang, err.messageId, err.params), path, extra, headers);
}

// --- OAuth2 resource-server rows of the document's Errors table ---

const bearer = (params: Record<string, string>) =>
  "Bearer " +
  Object.entries(params)
    .map(([k, v]) => `${k}="${v.replace(/["\\]/g, "")}"`)
    .join(", ");

export function missingTokenResponse(): Response {
  const description = "Full authentication is required to access this resource";
  return json(
    401,
    { error: "unauthorized", error_description: description },
    {
      "WWW-Authenticate": bearer({ realm: "oauth2-resource", error: "unauthorized", error_description: description }),
      ...NO_STORE,
    },
  );
}

export function invalidTokenResponse(token: string, reason: "expired" | "invalid"): Response {
  const quoted = echoableToken(token);
  const text = reason === "expired" ? "Access token expired" : "Invalid access token";
  const description = quoted === undefined ? text : `${text}: ${quoted}`;
  return json(
    401,
    { error: "invalid_token", error_description: description },
    {
      "WWW-Authenticate": bearer({ realm: "oauth2-resource", error: "invalid_token", error_description: description }),
      ...NO_STORE,
    },
  );
}

/** 403 of an API key without the scope an operation needs (RFC 6750 insufficient_scope); no scope: keys cannot call it. */
export function insufficientScopeResponse(scope: string | undefined): Response {
  const description = scope ? `The API key lacks the scope ${scope}` : "API keys cannot call this operation: it needs a user's own login";
  return json(
    403,
    { error: "insufficient_scope", error_description: description, ...(scope ? { scope } : {}) },
    {
      // the error first, as RFC 6750 writes it: `Bearer error="insufficient_scope", scope="box:write"`
      "WWW-Authenticate": bearer({ error: "insufficient_scope", ...(scope ? { scope } : {}), error_description: description }),
      ...NO_STORE,
    },
  );
}

export function accessDeniedResponse(): Response {
  return json(403, { error: "access_denied", error_description: "Access is denied" }, NO_STORE);
}
