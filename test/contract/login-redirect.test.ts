// After a portal login the browser goes only to a path of our own origin: the login page's redirect
// of a signed-in user (Location) and next-auth's redirect callback, whatever ?callbackUrl= says, and
// never a 500 (a CR/LF or a non-ASCII character in a Location header would fail the response).
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { Api } from "../support/api";
import { portalSignIn } from "../support/portal-session";
import { sharedKinora } from "../support/server";
import { newUser, type TestUser } from "./users-fixtures";

// raw query values, as an attacker would write them into a link
const HOSTILE = [
  "/%09/attacker.example/phish",
  "/%0d%0a/attacker.example",
  "/%0d%0aX:1",
  "/%E2%80%AE",
  "/%E2%80%AEelpmaxe.rekcatta//",
  "//attacker.example",
  "/%2F/attacker.example",
  "%2F%2Fattacker.example",
  "/%5Cattacker.example",
  "%5C%5Cattacker.example",
  "/%5C/attacker.example",
  "https://attacker.example/phish",
  "https%3A%2F%2Fattacker.example",
  "javascript:alert(1)",
  "javascript%3Aalert(1)",
  "/.//attacker.example",
  "%20//attacker.example",
  "/%00",
];

let api: Api;
let origin: string;
let user: TestUser;
let cookie: string;

before(async () => {
  const server = await sharedKinora();
  api = new Api(server.url);
  origin = new URL(server.url).origin;
  user = await newUser(api);
  cookie = (await portalSignIn(server.url, user.userCode, user.password)).cookie;
});

/** Where a browser goes with this Location header, from the login page. */
function followed(location: string): URL {
  return new URL(location, `${origin}/login`);
}

describe("GET /login?callbackUrl= of a signed-in user", () => {
  test("a path of our origin is followed (307)", async () => {
    const res = await fetch(`${origin}/login?callbackUrl=${encodeURIComponent("/box?page=2")}`, {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    assert.equal(res.status, 307);
    assert.equal(res.headers.get("location"), "/box?page=2");
  });

  test("hostile values redirect to a path of our origin, never elsewhere, never a 500", async () => {
    for (const value of HOSTILE) {
      const res = await fetch(`${origin}/login?callbackUrl=${value}`, { headers: { Cookie: cookie }, redirect: "manual" });
      assert.equal(res.status, 307, `${value}: ${res.status}`);
      const location = res.headers.get("location") ?? "";
      assert.match(location, /^\/(?![/\\])[\x21-\x7e]*$/, `${value}: Location ${JSON.stringify(location)}`);
      assert.equal(followed(location).origin, origin, value);
    }
    // the control characters send to the dashboard
    for (const value of ["/%09/attacker.example/phish", "/%0d%0aX:1", "/%E2%80%AE"]) {
      const res = await fetch(`${origin}/login?callbackUrl=${value}`, { headers: { Cookie: cookie }, redirect: "manual" });
      assert.equal(res.headers.get("location"), "/dashboard", value);
    }
  });

  test("an anonymous visitor gets the form, whose callback is a path of our origin", async () => {
    for (const value of HOSTILE) {
      const res = await fetch(`${origin}/login?callbackUrl=${value}`, { redirect: "manual" });
      assert.equal(res.status, 200, value);
      // the login form's prop, in the page's React payload
      const callback = /\\"callbackUrl\\":\\"([^"\\]*)\\"/.exec(await res.text())?.[1];
      assert.ok(callback, `${value}: no callbackUrl prop`);
      assert.match(callback, /^\/(?![/\\])/, value);
      assert.equal(followed(callback).origin, origin, value);
    }
  });
});

describe("next-auth's redirect callback", () => {
  test("the URL of a sign-in is our origin with the callback path, or the dashboard", async () => {
    const ok = await portalSignIn(origin, user.userCode, user.password, "/account/finance");
    assert.equal(ok.redirectUrl, `${origin}/account/finance`);
    for (const value of [
      "/\t/attacker.example/phish",
      "//attacker.example",
      "https://attacker.example/x",
      "/\r\nX:1",
      "/\u202e",
      "javascript:alert(1)",
    ]) {
      const signIn = await portalSignIn(origin, user.userCode, user.password, value);
      assert.equal(signIn.redirectUrl, `${origin}/dashboard`, JSON.stringify(value));
    }
  });

  test("sign-out with a hostile callbackUrl stays on our origin", async () => {
    const csrf = await fetch(`${origin}/auth/csrf`, { headers: { Cookie: cookie } });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const jar = [cookie, ...csrf.headers.getSetCookie().map((c) => c.split(";")[0])].join("; ");
    const res = await fetch(`${origin}/auth/signout`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar },
      body: new URLSearchParams({ csrfToken, callbackUrl: "https://attacker.example/after-logout", json: "true" }),
      redirect: "manual",
    });
    assert.equal(res.status, 200);
    assert.equal(new URL(((await res.json()) as { url: string }).url).origin, origin);
  });
});
