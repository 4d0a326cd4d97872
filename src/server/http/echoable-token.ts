// Bearer tokens quoted back in error descriptions: by the resource server (rest/error-body.ts) and
// by the token endpoint for a refresh token (auth/oauth/oauth-error.ts).

/**
 * The token as the document's description quotes it ("..., followed by the token"), only when it is a
 * well-formed bearer token (RFC 6750 b64token, bounded): anything else (CR/LF, NUL, other controls,
 * non-ASCII, quotes) is never echoed, neither in the body nor in the WWW-Authenticate header.
 */
export function echoableToken(token: string): string | undefined {
  return token.length <= 4096 && /^[A-Za-z0-9\-._~+/]+=*$/.test(token) ? token : undefined;
}
