// Issue 20, finding 4 ("anyone can lock any user out"): wrong passwords spread over 21 addresses (5
// each, 105 in all: over LOGIN_USER_MAX_FAILURES) against one account's login and its live password
// must block the strangers, not the owner. During such an attack: a brand-new address is refused even
// with the right password; the owner's right password still works through the OAuth password grant
// from the address that signed in before, in the portal with the device cookie of an earlier portal
// sign-in, and over RTMP (a real ffmpeg encoder) from the encoder's earlier address; a stolen device
// cookie, and a trusted address, still meet a limit of their own. Own server (nginx-rtmp required);
// the RTMP guesses come from 21 loopback addresses (127.0.0.x) through small TCP relays, so
// nginx-rtmp sees each as its own.
import assert from "node:assert/strict";
import net from "node:net";
import { after, before, describe, test } from "node:test";
import { Api, type ApiResponse } from "../support/api";
import { insertLiveChannel, publishTestPattern, startLiveServer, type LiveTestServer, type Publisher } from "../support/live-fixtures";
import { portalSignInAttempt } from "../support/portal-session";
import type { Kinora } from "../support/server";
import { address, assertOAuthError, login, newUser, type TestUser } from "./users-fixtures";
import { setLivePassword } from "./live-fixtures";

const MAX_FAILURES = 5; // LOGIN_MAX_FAILURES (default)
const USER_MAX_FAILURES = 100; // LOGIN_USER_MAX_FAILURES (default)
const WINDOW = 900; // LOGIN_WINDOW_SECONDS (default)
const ATTACK_ADDRESSES = 21; // 21 x 5 = 105 wrong passwords: over the per-account ceiling
const LIVE_PASSWORD = "owner-live-pass-1";

let live: LiveTestServer;
let server: Kinora;
let api: Api;
let owner: TestUser;
const tag = Math.random().toString(36).slice(2, 8);
const streamPath = `lockout-${tag}`;
/** The owner's home address: a password-grant login succeeded from there before the attack. */
const home = address();
/** The portal browser's device cookie (name=value) from a sign-in before the attack. */
let deviceCookie: string;
const publishers: Publisher[] = [];
const relays: net.Server[] = [];

/** Runs `tasks` with at most `width` at once (the machine is shared), in order of start. */
async function pool<T>(width: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

/**
 * A TCP relay on 127.0.0.1 to the server's RTMP port whose outgoing connections come from
 * `localAddress` (any 127.x address is this machine's): nginx-rtmp, and so the publish check, sees
 * that address as the encoder's.
 */
async function rtmpRelayFrom(localAddress: string): Promise<number> {
  const relay = net.createServer((client) => {
    const upstream = net.createConnection({ host: "127.0.0.1", port: server.rtmpPort!, localAddress });
    client.pipe(upstream).pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  relays.push(relay);
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  return (relay.address() as net.AddressInfo).port;
}

/** ffmpeg publishing `seconds` of test pattern to the channel, directly (from 127.0.0.1) or through a relay's port. */
function publish(password: string, seconds: number, port = server.rtmpPort!): Publisher {
  const url = `rtmp://127.0.0.1:${port}/live/${streamPath}?user=${encodeURIComponent(owner.userCode)}&password=${encodeURIComponent(password)}`;
  const p = publishTestPattern(url, { seconds });
  publishers.push(p);
  return p;
}

function assertRateLimited(res: ApiResponse): void {
  assert.equal(res.status, 429, res.text);
  const retryAfter = Number(res.headers.get("retry-after"));
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= WINDOW, `Retry-After ${res.headers.get("retry-after")}`);
  assert.equal(res.body.message, `Too many attempts, retry in ${retryAfter} seconds`);
}

function assertTokens(res: ApiResponse): void {
  assert.equal(res.status, 200, res.text);
  assert.equal(typeof res.body.access_token, "string");
  assert.equal(typeof res.body.refresh_token, "string");
}

/** A portal sign-in that next-auth refused, with the rate-limit message or as wrong credentials. */
function assertPortalRefused(attempt: Awaited<ReturnType<typeof portalSignInAttempt>>, how: "rate-limited" | "bad-credentials"): void {
  assert.equal(attempt.status, 401, JSON.stringify(attempt.body));
  assert.equal(attempt.session, undefined, "no session cookie");
  const error = new URL(attempt.body.url).searchParams.get("error") ?? "";
  if (how === "rate-limited") assert.match(error, /^Too many attempts, retry in \d+ seconds$/);
  else assert.equal(error, "CredentialsSignin");
}

before(async () => {
  live = await startLiveServer();
  ({ server } = live);
  api = new Api(server.url);
  owner = await newUser(api);
  await setLivePassword(api, owner, LIVE_PASSWORD);
  await live.sql((sql) => insertLiveChannel(sql, { ownerUserCode: owner.userCode, streamPath }));
  ({ server } = live); // on PGlite the server restarted around the SQL (same URL and ports)
  api = new Api(server.url);
});

after(async () => {
  await Promise.all(publishers.map((p) => p.stop()));
  for (const relay of relays) relay.close();
  await live?.stop();
});

describe("a spread guessing attack blocks the strangers, not the owner", () => {
  test("before the attack: the owner signs in from home (password grant), in the portal, and goes on air from the encoder", async () => {
    assertTokens(await login(api, owner.userCode, owner.password, home));
    const portal = await portalSignInAttempt(server.url, owner.userCode, owner.password, { headers: { "X-Forwarded-For": address() } });
    assert.equal(portal.status, 200, JSON.stringify(portal.body));
    assert.ok(portal.session, "signed in");
    const device = portal.setCookies.find((c) => /^(__Secure-)?kinora-device-/.test(c));
    assert.ok(device, `a device cookie is set: ${portal.setCookies.join(" | ")}`);
    assert.match(device, /;\s*HttpOnly/i);
    assert.match(device, /;\s*SameSite=Strict/i);
    assert.match(device, /;\s*Path=\/auth\/callback/i);
    assert.match(device, /;\s*Max-Age=\d+/i);
    deviceCookie = device.split(";")[0]!;
    assert.ok(
      !deviceCookie.includes(owner.userCode) && !deviceCookie.includes(owner.password),
      "the cookie shows neither name nor password",
    );
    const encoder = publish(LIVE_PASSWORD, 2);
    assert.equal(await encoder.exited, 0, `the owner's encoder was refused: ${encoder.output()}`);
  });

  test(`the attack: ${ATTACK_ADDRESSES} addresses x ${MAX_FAILURES} wrong passwords, on the login and on the live password`, async () => {
    const strangers = Array.from({ length: ATTACK_ADDRESSES }, () => address());
    const logins = await pool(
      4,
      strangers.flatMap((from) => Array.from({ length: MAX_FAILURES }, (_, i) => () => login(api, owner.userCode, `guess-${i}`, from))),
    );
    for (const res of logins) {
      if (res.status === 429) continue; // the per-account ceiling reached: refused without a check
      assertOAuthError(res, 400, "invalid_grant", "Bad credentials");
    }
    assert.ok(logins.filter((r) => r.status === 400).length >= USER_MAX_FAILURES, "the guesses were checked up to the ceiling");

    // RTMP: the same from 21 loopback addresses, each through its own relay
    const ports = await Promise.all(strangers.map((_, i) => rtmpRelayFrom(`127.0.0.${i + 2}`)));
    const guesses = await pool(
      4,
      ports.flatMap((port) => Array.from({ length: MAX_FAILURES }, (_, i) => () => publish(`live-guess-${i}`, 1, port).exited)),
    );
    for (const [i, code] of guesses.entries()) assert.notEqual(code, 0, `live guess ${i} was admitted`);
  });

  test("(a) a brand-new address is refused even with the right password: 429 with Retry-After, in the portal too, and over RTMP", async () => {
    assertRateLimited(await login(api, owner.userCode, owner.password, address()));
    assertRateLimited(await login(api, owner.email, owner.password, address()));
    assertPortalRefused(
      await portalSignInAttempt(server.url, owner.userCode, owner.password, { headers: { "X-Forwarded-For": address() } }),
      "rate-limited",
    );
    const stranger = publish(LIVE_PASSWORD, 1, await rtmpRelayFrom("127.0.0.200"));
    assert.notEqual(await stranger.exited, 0, "a new encoder address was admitted during the attack");
  });

  test("(b) the owner's right password from the address that signed in before: tokens from the password grant", async () => {
    assertTokens(await login(api, owner.userCode, owner.password, home));
    assertTokens(await login(api, owner.email, owner.password, home));
  });

  test("(c) the portal browser with its device cookie signs in, from a new address too", async () => {
    const attempt = await portalSignInAttempt(server.url, owner.userCode, owner.password, {
      headers: { "X-Forwarded-For": address() },
      cookie: deviceCookie,
    });
    assert.equal(attempt.status, 200, JSON.stringify(attempt.body));
    assert.ok(attempt.session, "signed in");
    // the same cookie is renewed, not replaced
    const renewed = attempt.setCookies.find((c) => c.startsWith(`${deviceCookie.split("=")[0]}=`));
    assert.equal(renewed?.split(";")[0], deviceCookie);
  });

  test("(d) the encoder at its earlier address goes on air with the right live password", async () => {
    const encoder = publish(LIVE_PASSWORD, 2);
    assert.equal(await encoder.exited, 0, `the owner's encoder was refused during the attack: ${encoder.output()}`);
  });

  test(`(e) a stolen device cookie has its own limit: ${MAX_FAILURES} wrong passwords, then even the right one is refused`, async () => {
    for (let i = 0; i < MAX_FAILURES; i++) {
      const guess = await portalSignInAttempt(server.url, owner.userCode, `stolen-${i}`, {
        headers: { "X-Forwarded-For": address() },
        cookie: deviceCookie,
      });
      assertPortalRefused(guess, "bad-credentials"); // checked: the cookie is trusted
    }
    assertPortalRefused(
      await portalSignInAttempt(server.url, owner.userCode, owner.password, {
        headers: { "X-Forwarded-For": address() },
        cookie: deviceCookie,
      }),
      "rate-limited",
    );
    // a forged or foreign cookie value is no device at all: refused as any stranger is
    const [name] = deviceCookie.split("=");
    assertPortalRefused(
      await portalSignInAttempt(server.url, owner.userCode, owner.password, {
        headers: { "X-Forwarded-For": address() },
        cookie: `${name}=v1.AAAAAAAAAAAAAAAAAAAAAAAA.forged`,
      }),
      "rate-limited",
    );
    // the owner's home address is a source of its own, still open
    assertTokens(await login(api, owner.userCode, owner.password, home));
  });

  test(`(f) a trusted address has its own limit too: after ${MAX_FAILURES} wrong passwords from there, the right one is refused`, async () => {
    for (let i = 0; i < MAX_FAILURES; i++)
      assertOAuthError(await login(api, owner.userCode, `home-guess-${i}`, home), 400, "invalid_grant", "Bad credentials");
    assertRateLimited(await login(api, owner.userCode, owner.password, home));
    for (let i = 0; i < MAX_FAILURES; i++) {
      const guess = publish(`encoder-guess-${i}`, 1);
      assert.notEqual(await guess.exited, 0, `encoder guess ${i} was admitted`);
    }
    const encoder = publish(LIVE_PASSWORD, 1);
    assert.notEqual(await encoder.exited, 0, "the encoder's address is limited after its own failures");
  });
});
