/**
 * The caller's address for rate limits. Behind our nginx edge (or `next start`, which sets it) the
 * last hop of X-Forwarded-For is the one the trusted proxy saw; earlier entries are client-supplied.
 */
export function clientAddress(request: Request): string | undefined {
  const forwarded = request.headers.get("x-forwarded-for");
  const last = forwarded?.split(",").pop()?.trim();
  return last || request.headers.get("x-real-ip") || undefined;
}
