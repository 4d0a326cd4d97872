import type { OAuthError } from "@/server/auth/oauth/oauth-error";
import type { TokenBody } from "@/server/auth/oauth/grants";
import type { DomainError } from "@/server/core/errors";
import { translate, type Lang } from "@/server/i18n/messages";
import { domainErrorResponse, errorResponse, json } from "@/server/rest/error-body";

// The responses of POST /oauth/token: the token body, the OAuth2 error body {error, error_description}
// of a grant's OAuthError (auth/oauth), the client-authentication failure of the document's Errors
// table and the 429 of supplement §4.

/** Every token endpoint response, success or failure: never cached, never framed, never sniffed. */
export const TOKEN_ENDPOINT_HEADERS: Record<string, string> = {
  "Cache-Control": "no-store",
  Pragma: "no-cache",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "X-XSS-Protection": "0",
  "Referrer-Policy": "no-referrer",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
};

export function tokenResponse(body: TokenBody): Response {
  return json(200, body, TOKEN_ENDPOINT_HEADERS);
}

export function oauthErrorResponse(err: OAuthError): Response {
  const headers = { ...TOKEN_ENDPOINT_HEADERS };
  if (err.status === 401) headers["WWW-Authenticate"] = `Bearer error="${err.error}", error_description="${headerSafe(err.description)}"`;
  return json(err.status, { error: err.error, error_description: err.description }, headers);
}

/** Bad or missing client credentials: 401 with the Basic challenge and the supplement §4 body. */
export function badClientResponse(message: string, path: string): Response {
  return errorResponse(401, message, path, {}, { ...TOKEN_ENDPOINT_HEADERS, "WWW-Authenticate": 'Basic realm="oauth2/client"' });
}

/** 429 (with Retry-After) and other domain errors in the supplement §4 shape. */
export function tokenDomainErrorResponse(err: DomainError, lang: Lang, path: string): Response {
  const res = domainErrorResponse(err, lang, path);
  for (const [name, value] of Object.entries(TOKEN_ENDPOINT_HEADERS)) res.headers.set(name, value);
  return res;
}

export function internalErrorResponse(lang: Lang, path: string): Response {
  return errorResponse(500, translate(lang, "error.internal"), path, {}, TOKEN_ENDPOINT_HEADERS);
}

export function methodNotAllowedResponse(lang: Lang, path: string): Response {
  return errorResponse(405, translate(lang, "error.methodNotAllowed"), path, {}, { ...TOKEN_ENDPOINT_HEADERS, Allow: "POST" });
}

const headerSafe = (text: string) => text.replace(/["\\]/g, "");
