import { env, type Env } from "@/server/env";
import { hostAllowed } from "./allowed-hosts.mjs";

export type HeaderGetter = (name: string) => string | null | undefined;

/** Characters that have no place in a Host header (userinfo, path, query, whitespace, controls). */
const NOT_A_HOST = /[/?#@\\\s\u0000-\u001f\u007f]/;

/**
 * The absolute base (`scheme://host[:port]`, no trailing slash) of the URLs this request hands out
 * (signed media and posters, the login's origin). PUBLIC_URL when it is set: behind a proxy that
 * rewrites the host it is the only reliable answer. Otherwise the scheme and host the caller used,
 * so a viewer on another machine gets URLs that reach this server rather than "localhost", but only
 * when the host's name is on the allowlist (ALLOWED_HOSTS, http/allowed-hosts.mjs): the Host header
 * says whatever the caller likes, and the M3U list, oEmbed and redirects built from it are cached.
 * Any other host gets PUBLIC_URL's default (http://localhost:PORT).
 *
 * X-Forwarded-Host and X-Forwarded-Proto are trusted because the launcher (scripts/start.mjs) and
 * the nginx edge (media/edge/nginx.mjs) set them on every request; a client's own values pass only
 * with TRUST_PROXY, where a balancer in front sets them. A list takes its first entry, the host the
 * client asked for. A host that does not parse falls back to PUBLIC_URL's default.
 */
export function requestBaseUrl(get: HeaderGetter, e: Env = env()): string {
  if (e.PUBLIC_URL) return e.publicUrl;
  const host = firstOf(get("x-forwarded-host")) ?? firstOf(get("host"));
  const scheme = firstOf(get("x-forwarded-proto")) === "https" ? "https" : "http";
  if (!host || NOT_A_HOST.test(host)) return e.publicUrl;
  try {
    const url = new URL(`${scheme}://${host}`);
    return hostAllowed(url.hostname, e.allowedHosts) ? url.origin : e.publicUrl;
  } catch {
    return e.publicUrl;
  }
}

const firstOf = (value: string | null | undefined): string | undefined => value?.split(",")[0]?.trim() || undefined;

/** The base URL of a web Request (route handlers, REST). */
export const baseUrlOf = (request: Request): string => requestBaseUrl((name) => request.headers.get(name));
