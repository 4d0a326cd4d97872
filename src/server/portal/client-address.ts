/**
 * The caller's address for rate limits, read as src/server/rest/client-address.ts does: the last
 * X-Forwarded-For hop (the one our proxy, or `next start`, saw), else X-Real-IP.
 */
export function addressFromHeaders(get: (name: string) => string | null | undefined): string | undefined {
  const last = get("x-forwarded-for")?.split(",").pop()?.trim();
  return last || get("x-real-ip") || undefined;
}
