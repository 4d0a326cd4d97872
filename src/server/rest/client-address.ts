/**
 * The caller's address for rate limits. The launcher (scripts/start.mjs) sets X-Forwarded-For to
 * the socket's peer, or, behind a trusted proxy (TRUST_PROXY), keeps the proxy's list whose last
 * hop is the address that proxy saw; earlier entries are client-supplied and ignored.
 */
export function addressFromHeaders(get: (name: string) => string | null | undefined): string | undefined {
  return get("x-forwarded-for")?.split(",").pop()?.trim() || undefined;
}

export const clientAddress = (request: Request): string | undefined => addressFromHeaders((name) => request.headers.get(name));
