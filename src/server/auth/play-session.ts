import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { env } from "@/server/env";

// The play session a granted play carries (issue 28, docs/analytics.md): what the player's beacons
// are counted against. Signed, not stored: a play writes nothing, and a beacon's token is checked
// when it arrives. "ps1.<payload>.<signature>", base64url; the key is derived from AUTH_SECRET for
// this purpose alone.

export type PlayKind = "vod" | "box" | "live" | "cast" | "preview";
export type PlaySource = "watch" | "embed" | "bundle" | "channel" | "direct";

export interface PlaySession {
  sessionId: string;
  kind: PlayKind;
  /** the vod, box item, live event, cast channel or marketplace item played */
  itemId: string;
  /** whose content it is (their own plays are counted apart) */
  ownerId: string;
  /** the signed-in viewer, when there is one */
  viewerId?: string;
  source: PlaySource;
  /** the embedding site's host, for an embed */
  embedHost?: string;
  /** the content's duration in seconds (0: live, or unknown) */
  durationSeconds: number;
  /** when it was issued, milliseconds since the epoch (its beacons are credited from then: analytics/credit-beacons.ts) */
  issuedAt: number;
}

const VERSION = "ps1";
/** How long after its play a session's beacons still count: a paused tab may go on later that day. */
export const PLAY_SESSION_MAX_AGE_SECONDS = 12 * 3600;

const KINDS: readonly PlayKind[] = ["vod", "box", "live", "cast", "preview"];
const SOURCES: readonly PlaySource[] = ["watch", "embed", "bundle", "channel", "direct"];

let key: Buffer | undefined;
const keyOf = () => (key ??= createHmac("sha256", env().authSecret).update("kinora play session v1").digest());
const sign = (payload: string) => createHmac("sha256", keyOf()).update(`${VERSION}.${payload}`).digest();

/** A new session for a granted play. */
export function issuePlaySession(
  play: Omit<PlaySession, "sessionId" | "issuedAt">,
  now = Date.now(),
): { token: string; session: PlaySession } {
  const session: PlaySession = { ...play, sessionId: randomUUID(), issuedAt: Math.floor(now) };
  const payload = Buffer.from(
    JSON.stringify({
      s: session.sessionId,
      k: session.kind,
      i: session.itemId,
      o: session.ownerId,
      ...(session.viewerId ? { v: session.viewerId } : {}),
      r: session.source,
      ...(session.embedHost ? { h: session.embedHost } : {}),
      d: session.durationSeconds,
      t: session.issuedAt,
    }),
  ).toString("base64url");
  return { token: `${VERSION}.${payload}.${sign(payload).toString("base64url")}`, session };
}

/**
 * Tokens whose signature this process checked, with their sessions: a player sends its session's
 * token with every batch (every 10 s), and the HMAC and parse took some 23 µs of the 300 µs of Node
 * thread a beacon request cost at 2,000/s (profiled under bench/analytics-intake.ts). Only tokens
 * that verified are kept (a forged one is checked every time), at most SIGNED_KEPT (some 20 MB), the
 * oldest dropped first; the age is checked at every use.
 */
const signed = new Map<string, PlaySession>();
const SIGNED_KEPT = 32_000;

/** The session of `token`, or undefined: not ours, altered, malformed, or older than PLAY_SESSION_MAX_AGE_SECONDS. */
export function verifyPlaySession(token: unknown, now = Date.now()): PlaySession | undefined {
  if (typeof token !== "string" || token.length > 2048) return undefined;
  let session = signed.get(token);
  if (!session) {
    session = signedSession(token);
    if (!session) return undefined;
    if (signed.size >= SIGNED_KEPT) signed.delete(signed.keys().next().value!);
    signed.set(token, Object.freeze(session));
  }
  const age = (now - session.issuedAt) / 1000;
  if (age < -60 || age > PLAY_SESSION_MAX_AGE_SECONDS) return undefined; // a minute of clock skew between nodes
  return session;
}

/** The session `token` carries when its signature is ours and its payload well-formed (its age not checked). */
function signedSession(token: string): PlaySession | undefined {
  const [version, payload, signature, extra] = token.split(".");
  if (version !== VERSION || !payload || !signature || extra !== undefined) return undefined;
  const given = Buffer.from(signature, "base64url");
  const expected = sign(payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let p: Record<string, unknown>;
  try {
    p = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const str = (v: unknown) => (typeof v === "string" && v ? v : undefined);
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
