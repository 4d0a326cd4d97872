import type { Db } from "@/server/db/client";
import { signAccessToken, type TokenUser } from "@/server/auth/access-token";
import type { AuthenticatedClient } from "./client-auth";
import { invalidRequest } from "./oauth-error";

/** Scope named on the wire for every token (the document: scope (all)); the token itself carries public/private. */
export const WIRE_SCOPE = "all";

export interface TokenBody {
  access_token: string;
  token_type: "bearer";
  refresh_token?: string;
  expires_in: number;
  scope: typeof WIRE_SCOPE;
  jti: string;
}

/** What a grant receives: the authenticated client, the form fields and the caller's address. */
export interface GrantRequest {
  db: Db;
  client: AuthenticatedClient;
  form: URLSearchParams;
  address?: string;
}

export type Grant = (req: GrantRequest) => Promise<TokenBody>;

/** A required form field: absent or empty is an invalid_request. */
export function requiredParam(form: URLSearchParams, name: string): string {
  const value = form.get(name);
  if (!value) throw invalidRequest(`Missing parameter: ${name}`);
  return value;
}

/** The token body; with a user the access token is private and a refresh token comes along. */
export async function tokenBody(client: AuthenticatedClient, user?: TokenUser & { refreshToken: string }): Promise<TokenBody> {
  const access = await signAccessToken(client, user);
  return {
    access_token: access.token,
    token_type: "bearer",
    ...(user ? { refresh_token: user.refreshToken } : {}),
    expires_in: access.expiresIn,
    scope: WIRE_SCOPE,
    jti: access.jti,
  };
}

// grant_type=client_credentials - a public token: the client alone, no user, no refresh token.
export const clientCredentialsGrant: Grant = ({ client }) => tokenBody(client);
