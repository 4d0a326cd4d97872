// The host names this instance answers as (ALLOWED_HOSTS), shared by the launcher (scripts/start.mjs
// prints them) and the app (src/server/env.ts, http/base-url.ts). Without PUBLIC_URL, absolute URLs
// handed out (signed media, M3U lists, oEmbed, redirects) take the request's host only when its name
// is on this list: a Host header names whatever the caller likes, and a cache would keep it.
//
// Plain JS so the launcher can import it without a build step.
import os from "node:os";

/** The loopback names every instance answers as. */
export const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

const WILDCARD_BINDS = new Set(["", "0.0.0.0", "::", "[::]"]);

/** The address the launcher listens on: HOST, else 127.0.0.1 in demo mode, else every address. */
export function bindHostOf(env) {
  return env.HOST || (env.KINORA_DEMO === "1" ? "127.0.0.1" : "0.0.0.0");
}

/**
 * A host name as URL.hostname writes it (lowercase, IPv6 in brackets), or undefined for anything
 * that is not a bare name or address (a port, a path, userinfo, spaces).
 */
export function normalHostName(value) {
  const v = String(value).trim().toLowerCase();
  if (!v || /[/?#@\\\s%]/.test(v)) return undefined;
  const bracketed = v.includes(":") && !v.startsWith("[") ? `[${v}]` : v;
  try {
    const url = new URL(`http://${bracketed}`);
    return url.hostname === bracketed && !url.port ? url.hostname : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The names the launcher listens as: HOST when it names one address or name; on every address
 * (0.0.0.0, ::), this machine's host name and its network addresses (not the link-local ones, which
 * need a zone in a URL).
 */
export function launcherNames(bindHost, interfaces = os.networkInterfaces(), hostName = os.hostname()) {
  if (!WILDCARD_BINDS.has(bindHost)) return [normalHostName(bindHost)].filter(Boolean);
  const names = [normalHostName(hostName)];
  for (const list of Object.values(interfaces)) {
    for (const address of list ?? []) {
      if (address.internal || /^fe80:/i.test(address.address)) continue;
      names.push(normalHostName(address.address));
    }
  }
  return names.filter(Boolean);
}

/**
 * The entries of an ALLOWED_HOSTS value (names separated by commas or spaces): a name or address,
 * `.example.org` for that name and every name under it, `*` for any name. `invalid` lists the rest.
 */
export function parseAllowedHosts(value) {
  const hosts = [];
  const invalid = [];
  for (const entry of String(value)
    .split(/[\s,]+/)
    .filter(Boolean)) {
    if (entry === "*") hosts.push("*");
    else if (entry.startsWith(".")) {
      const name = normalHostName(entry.slice(1));
      if (name && !name.startsWith("[")) hosts.push(`.${name}`);
      else invalid.push(entry);
    } else {
      const name = normalHostName(entry);
      if (name) hosts.push(name);
      else invalid.push(entry);
    }
  }
  return { hosts, invalid };
}

/**
 * The allowlist in force: ALLOWED_HOSTS when set, else the loopback names and the launcher's; the
 * host of PUBLIC_URL always.
 */
export function allowedHostsOf(env, names = launcherNames(bindHostOf(env))) {
  const explicit = env.ALLOWED_HOSTS?.trim() ? parseAllowedHosts(env.ALLOWED_HOSTS).hosts : undefined;
  const list = explicit ?? [...LOOPBACK_NAMES, ...names];
  let publicHost;
  try {
    publicHost = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).hostname : undefined;
  } catch {
    publicHost = undefined;
  }
  return [...new Set([...list, ...(publicHost ? [publicHost] : [])])];
}

/** Whether `hostname` (as URL.hostname writes it) is on `allowed`. */
export function hostAllowed(hostname, allowed) {
  const name = String(hostname).toLowerCase();
  return allowed.some(
    (entry) => entry === "*" || entry === name || (entry.startsWith(".") && (name.endsWith(entry) || name === entry.slice(1))),
  );
}
