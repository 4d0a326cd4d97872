import { echoableToken } from "@/server/http/echoable-token";

// The refusals of the OAuth2 grants, as RFC 6749 names them; the token endpoint (server/oauth) writes
// them as {error, error_description}.

/** An OAuth2 error answered as {error, error_description}; 401s also carry a Bearer challenge (without realm). */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
    this.name = "OAuthError";
  }
}

export const invalidRequest = (description: string) => new OAuthError(400, "invalid_request", description);
export const invalidGrant = (description: string) => new OAuthError(400, "invalid_grant", description);

/** Refresh token unknown, expired, revoked, replayed or of another client (the document's row: 401, no realm). */
export const invalidRefreshToken = (token: string) => {
  const quoted = echoableToken(token);
  return new OAuthError(401, "invalid_token", quoted === undefined ? "Invalid refresh token" : `Invalid refresh token: ${quoted}`);
};
