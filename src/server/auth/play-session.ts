import { randomUUID } from "node:crypto";
import { env } from "@/server/env";
import { PLAY_SESSION_VERSION, playSessionKey as deriveKey, playSessionVerifier, signPlaySession } from "./play-session-token.mjs";

export { PLAY_SESSION_MAX_AGE_SECONDS } from "./play-session-token.mjs";

// The play session a granted play carries (issue 28, docs/analytics.md): what the player's beacons
// are counted against. Signed, not stored: a play writes nothing, and a beacon's token is checked
// when it arrives. The token's format and check: play-session-token.mjs.

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

let key: Buffer | undefined;
const keyOf = () => (key ??= deriveKey(env().authSecret));

/** The key play sessions are signed with (for the launcher's beacon thread, which checks them too). */
export const playSessionKey = (): Uint8Array => keyOf();

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
  return { token: `${PLAY_SESSION_VERSION}.${payload}.${signPlaySession(keyOf(), payload).toString("base64url")}`, session };
}

let verifier: ReturnType<typeof playSessionVerifier> | undefined;

/** The session of `token`, or undefined: not ours, altered, malformed, or older than PLAY_SESSION_MAX_AGE_SECONDS. */
export function verifyPlaySession(token: unknown, now = Date.now()): PlaySession | undefined {
  return (verifier ??= playSessionVerifier(keyOf()))(token, now);
}
