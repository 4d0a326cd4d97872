// The play session token (src/server/auth/play-session.ts): what a granted play carries and the
// player's beacons are counted against (issue 28). Issued and read back whole; refused when altered,
// forged with another key, malformed, too old or from the future.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { test } from "node:test";
import { PLAY_SESSION_MAX_AGE_SECONDS, issuePlaySession, verifyPlaySession } from "@/server/auth/play-session";

const play = {
  kind: "vod" as const,
  itemId: "6f1c0c1e-8d0a-4a53-9f51-0e0c6b5b7a11",
  ownerId: "0b4f1c2e-5d6a-4b7c-8d9e-0f1a2b3c4d5e",
  source: "embed" as const,
  embedHost: "school.example",
  durationSeconds: 187.5,
};

test("a session issued for a play reads back whole, each with its own id", () => {
  const now = Date.parse("2026-11-30T10:00:00Z");
  const { token, session } = issuePlaySession(play, now);
  assert.match(token, /^ps1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
  assert.deepEqual(verifyPlaySession(token, now + 5000), session);
  assert.deepEqual(session, { ...play, sessionId: session.sessionId, issuedAt: now });
  const viewer = issuePlaySession({ ...play, viewerId: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", embedHost: undefined }, now);
  assert.equal(verifyPlaySession(viewer.token, now)?.viewerId, "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d");
  assert.equal(verifyPlaySession(viewer.token, now)?.embedHost, undefined);
  assert.notEqual(viewer.session.sessionId, session.sessionId);
});

test("an altered, forged, malformed, expired or future token is refused", () => {
  const now = Date.parse("2026-11-30T10:00:00Z");
  const { token } = issuePlaySession(play, now);
  const [version, payload, signature] = token.split(".") as [string, string, string];
  const decoded = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
  const reencoded = (p: Record<string, unknown>) => Buffer.from(JSON.stringify(p)).toString("base64url");
  const otherKey = createHmac("sha256", "not our key").update(`${version}.${payload}`).digest("base64url");
  for (const [what, candidate] of Object.entries({
    "another owner": `${version}.${reencoded({ ...decoded, o: "someone-else" })}.${signature}`,
    "another key": `${version}.${payload}.${otherKey}`,
    "another version": `ps2.${payload}.${signature}`,
    "a part more": `${token}.x`,
    "no signature": `${version}.${payload}.`,
    "not a string": 42,
    empty: "",
  }))
    assert.equal(verifyPlaySession(candidate, now), undefined, what);
  assert.ok(verifyPlaySession(token, now + PLAY_SESSION_MAX_AGE_SECONDS * 1000 - 1000), "still valid near its end");
  assert.equal(verifyPlaySession(token, now + PLAY_SESSION_MAX_AGE_SECONDS * 1000 + 1000), undefined, "too old");
  assert.equal(verifyPlaySession(token, now - 120_000), undefined, "issued in the future (beyond clock skew)");
});
