// The play session token's format and check (auth/play-session.ts says what a play session is):
// "ps1.<payload>.<signature>", base64url, the key derived from AUTH_SECRET for this purpose alone.
// Plain JS so that the launcher's beacon thread (scripts/beacon-thread.mjs) reads tokens exactly as
// the application does, without a build step.
import { createHmac, timingSafeEqual } from "node:crypto";

export const PLAY_SESSION_VERSION = "ps1";
/** How long after its play a session's beacons still count: a paused tab may go on later that day. */
export const PLAY_SESSION_MAX_AGE_SECONDS = 12 * 3600;

const KINDS = ["vod", "box", "live", "cast", "preview"];
const SOURCES = ["watch", "embed", "bundle", "channel", "direct"];

/** The key play sessions are signed with, derived from the instance's secret (AUTH_SECRET). */
export function playSessionKey(secret) {
  return createHmac("sha256", secret).update("kinora play session v1").digest();
}

/** The signature of a token's payload. */
export function signPlaySession(key, payload) {
  return createHmac("sha256", key).update(`${PLAY_SESSION_VERSION}.${payload}`).digest();
}

/** The session `token` carries when its signature is `key`'s and its payload well-formed (its age not checked). */
function readPlaySession(key, token) {
  const [version, payload, signature, extra] = token.split(".");
  if (version !== PLAY_SESSION_VERSION || !payload || !signature || extra !== undefined) return undefined;
  const given = Buffer.from(signature, "base64url");
  const expected = signPlaySession(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let p;
  try {
    p = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  if (typeof p !== "object" || p === null) return undefined;
  const str = (v) => (typeof v === "string" && v ? v : undefined);
  const kind = KINDS.find((k) => k === p.k);
  const source = SOURCES.find((s) => s === p.r);
  const [sessionId, itemId, ownerId] = [str(p.s), str(p.i), str(p.o)];
  const { d: durationSeconds, t: issuedAt } = p;
  if (!kind || !source || !sessionId || !itemId || !ownerId) return undefined;
  if (typeof durationSeconds !== "number" || !(durationSeconds >= 0) || typeof issuedAt !== "number") return undefined;
  return {
    sessionId,
    kind,
    itemId,
    ownerId,
    ...(str(p.v) ? { viewerId: str(p.v) } : {}),
    source,
    ...(str(p.h) ? { embedHost: str(p.h) } : {}),
    durationSeconds,
    issuedAt,
  };
}

/** At most this many checked tokens kept (some 20 MB). */
const SIGNED_KEPT = 32_000;

/**
 * The check of tokens signed with `key`: `(token, now)` gives the session, or undefined when the
 * token is not ours, altered, malformed, or older than PLAY_SESSION_MAX_AGE_SECONDS (a minute of
 * clock skew between nodes allowed). A player sends its session's token with every batch (every
 * 10 s), and the HMAC and parse took some 23 µs of the 300 µs of Node thread a beacon request cost
 * at 2,000/s (profiled under bench/analytics-intake.ts): the tokens that verified are kept with their
 * sessions (a forged one is checked every time), at most SIGNED_KEPT, the oldest dropped first; the
 * age is checked at every use.
 */
export function playSessionVerifier(key) {
  const signed = new Map();
  return (token, now = Date.now()) => {
    if (typeof token !== "string" || token.length > 2048) return undefined;
    let session = signed.get(token);
    if (!session) {
      session = readPlaySession(key, token);
      if (!session) return undefined;
      if (signed.size >= SIGNED_KEPT) signed.delete(signed.keys().next().value);
      signed.set(token, Object.freeze(session));
    }
    const age = (now - session.issuedAt) / 1000;
    return age < -60 || age > PLAY_SESSION_MAX_AGE_SECONDS ? undefined : session;
  };
}
