import type { Db } from "@/server/db/client";
import { env, type Env } from "@/server/env";

/** scheme://host[:port] of an absolute http(s) URL, normalised as browsers compare origins; undefined otherwise. */
export function originOf(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : undefined;
}

/**
 * This instance's own origins, the names it answers to: PUBLIC_URL's origin; on a local instance (no
 * PUBLIC_URL, or one on a loopback name) http://localhost:PORT and http://127.0.0.1:PORT, and the
 * origin the request came to (`baseUrl`, http/base-url.ts) when its name is listed by name in
 * ALLOWED_HOSTS or its default (the portal opened on this machine's network address). Never a name
 * the caller merely sends: a wildcard entry (`*`, `.example.org`) does not count.
 */
export function ownOrigins(baseUrl?: string, e: Env = env()): string[] {
  const own = [...e.ownOrigins];
  const base = baseUrl ? originOf(baseUrl) : undefined;
  if (base && e.localInstance && e.allowedHosts.includes(new URL(base).hostname)) own.push(base);
  return [...new Set(own)];
}

/** The origins registered for an OAuth client (`client:create --origin`); none for an unknown one. */
export async function registeredOrigins(db: Db, clientId: string | null | undefined): Promise<string[]> {
  if (!clientId) return [];
  const client = await db.oAuthClient.findUnique({ where: { id: clientId }, select: { origins: true } });
  return client?.origins ?? [];
}
