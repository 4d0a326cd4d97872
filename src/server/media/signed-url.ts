import { createHmac, timingSafeEqual } from "node:crypto";

// Signed, expiring media URLs. The signature sits in the path, before the scope it grants:
//   /media/<expires>/<signature>/<kind>/<id>/<file path inside the scope>
// so relative URLs inside playlists (segments, rung playlists) inherit it and keep working.
// signature = base64url(HMAC-SHA256(secret, "<expires>/<kind>/<id>"))[0..32]
// The nginx edge checks the same HMAC (njs) without calling the app; Node checks it when nginx is absent.

export type MediaKind = "box" | "preview" | "thumb";
const KINDS: ReadonlySet<string> = new Set<MediaKind>(["box", "preview", "thumb"]);
const ID_RE = /^[0-9a-f-]{36}$/;
const SIG_LEN = 32;

export function mediaSignature(secret: Uint8Array | string, expires: number, kind: MediaKind, id: string): string {
  return createHmac("sha256", secret).update(`${expires}/${kind}/${id}`).digest("base64url").slice(0, SIG_LEN);
}

/** The signed base of a scope, ending in "/": append the file path (e.g. "master.m3u8"). */
export function signMediaBase(secret: Uint8Array | string, kind: MediaKind, id: string, ttlSeconds: number, now = Date.now()): { base: string; expires: number } {
  const expires = Math.floor(now / 1000) + ttlSeconds;
  return { base: `/media/${expires}/${mediaSignature(secret, expires, kind, id)}/${kind}/${id}/`, expires };
}

export type MediaPathCheck = { ok: true; kind: MediaKind; id: string; file: string; expires: number } | { ok: false; reason: "malformed" | "expired" | "signature" };

/** Verifies a request path; the file path must stay inside the scope (no traversal, no directory). */
export function verifyMediaPath(secret: Uint8Array | string, pathname: string, now = Date.now()): MediaPathCheck {
  const m = /^\/media\/(\d{1,12})\/([A-Za-z0-9_-]+)\/([a-z]+)\/([^/]+)\/(.+)$/.exec(pathname);
  if (!m) return { ok: false, reason: "malformed" };
  const [, exp, sig, kind, id, file] = m as unknown as [string, string, string, string, string, string];
  if (!KINDS.has(kind) || !ID_RE.test(id)) return { ok: false, reason: "malformed" };
  const segments = file.split("/");
  if (segments.some((s) => s === "" || s === "." || s === ".." || s.includes("\\") || s.includes("\0") || s.includes("%"))) {
    return { ok: false, reason: "malformed" };
  }
  const expires = Number(exp);
  const expected = Buffer.from(mediaSignature(secret, expires, kind as MediaKind, id));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "signature" };
  if (expires * 1000 < now) return { ok: false, reason: "expired" };
  return { ok: true, kind: kind as MediaKind, id, file, expires };
}
