import { getDb } from "@/server/db/client";
import { pickLang } from "@/server/i18n/messages";
import { clientAddress } from "@/server/rest/client-address";
import { domainErrorOf } from "@/server/rest/domain-error-of";
import { readBodyBytes } from "@/server/rest/read-body";
import { authenticateClient } from "@/server/auth/oauth/client-auth";
import { clientCredentialsGrant, type Grant } from "@/server/auth/oauth/grants";
import { invalidRequest, OAuthError } from "@/server/auth/oauth/oauth-error";
import { passwordGrant } from "@/server/auth/oauth/password-grant";
import { refreshGrant } from "@/server/auth/oauth/refresh-grant";
import {
  badClientResponse,
  internalErrorResponse,
  methodNotAllowedResponse,
  oauthErrorResponse,
  tokenDomainErrorResponse,
  tokenResponse,
} from "./token-responses";
import { logger } from "@/server/log/logger.mjs";

const grants: Record<string, Grant> = {
  client_credentials: clientCredentialsGrant,
  password: passwordGrant,
  refresh_token: refreshGrant,
};

// POST /oauth/token - OAuth2 token endpoint: authenticate the client (HTTP Basic), then run the grant.
export async function handleTokenRequest(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  const lang = pickLang(request.headers.get("accept-language"));
  try {
    const form = await readForm(request);
    const db = await getDb();
    const auth = await authenticateClient(db, request.headers.get("authorization"), singleParam(form, "client_id"));
    if (!auth.ok) return badClientResponse(auth.message, path);
    const grantType = singleParam(form, "grant_type");
    if (!grantType) throw invalidRequest("Missing grant type");
    const grant = Object.hasOwn(grants, grantType) ? grants[grantType] : undefined;
    if (!grant) throw new OAuthError(400, "unsupported_grant_type", `Unsupported grant type: ${grantType.slice(0, 64)}`);
    if (!auth.client.grants.includes(grantType)) throw new OAuthError(400, "unauthorized_client", `Unauthorized grant type: ${grantType}`);
    return tokenResponse(await grant({ db, client: auth.client, form, address: clientAddress(request) }));
  } catch (err) {
    if (err instanceof OAuthError) return oauthErrorResponse(err);
    const domainError = domainErrorOf(err);
    if (domainError) return tokenDomainErrorResponse(domainError, lang, path);
    logger().error({ err }, `POST ${path} failed`);
    return internalErrorResponse(lang, path);
  }
}

// GET /oauth/token - tokens are issued by POST only (credentials must not travel in URLs).
export function tokenMethodNotAllowed(request: Request): Response {
  return methodNotAllowedResponse(pickLang(request.headers.get("accept-language")), new URL(request.url).pathname);
}

/** The form-urlencoded body, under the path's cap (413 past it, http/body-limits.mjs); every field at most once (RFC 6749 §3.2). */
async function readForm(request: Request): Promise<URLSearchParams> {
  const form = new URLSearchParams(new TextDecoder().decode(await readBodyBytes(request)));
  for (const name of new Set(form.keys()))
    if (form.getAll(name).length > 1) throw invalidRequest(`Repeated parameter: ${name.slice(0, 64)}`);
  return form;
}

const singleParam = (form: URLSearchParams, name: string) => form.get(name) || undefined;
