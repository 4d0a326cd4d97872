// Every HTML page answers with the security headers (src/proxy.ts): a CSP whose script nonce is
// fresh per request and on every script of the page, frame-ancestors 'none', nosniff, the referrer
// and permissions policies; no HSTS on a plain-HTTP PUBLIC_URL. REST JSON gets nosniff, not the CSP.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { Api } from "../support/api";
import { portalSignIn } from "../support/portal-session";
import { sharedKinora } from "../support/server";
import { newUser, type TestUser } from "./users-fixtures";

let api: Api;
let user: TestUser;
let cookie: string;

before(async () => {
  const server = await sharedKinora();
  api = new Api(server.url);
  user = await newUser(api);
  cookie = (await portalSignIn(server.url, user.userCode, user.password)).cookie;
});

const directives = (csp: string) =>
  new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );

async function page(path: string, signedIn = false): Promise<{ res: Response; html: string; nonce: string }> {
  const res = await fetch(api.url + path, { headers: signedIn ? { Cookie: cookie } : {}, redirect: "manual" });
  const html = await res.text();
  assert.match(res.headers.get("content-type") ?? "", /^text\/html/, `${path}: ${res.status}`);
  const csp = directives(res.headers.get("content-security-policy") ?? "");
  const nonce = /^'nonce-([A-Za-z0-9+/=]{16,})'$/.exec(csp.get("script-src")?.find((s) => s.startsWith("'nonce-")) ?? "")?.[1];
  assert.ok(nonce, `${path}: no script nonce in ${res.headers.get("content-security-policy")}`);
  return { res, html, nonce };
}

describe("security headers of HTML pages", () => {
  const pages: [string, boolean, number][] = [
    ["/", false, 200],
    ["/login", false, 200],
    ["/register", false, 200],
    ["/box", true, 200],
    ["/vod", true, 200],
    ["/dashboard", true, 200],
    ["/no-such-page", false, 404],
  ];

  test("each page: CSP with its nonce on every script, no framing, nosniff, referrer and permissions policies, no HSTS", async () => {
    for (const [path, signedIn, status] of [...pages, [`/u/${user.userCode}`, false, 200] as [string, boolean, number]]) {
      const { res, html, nonce } = await page(path, signedIn);
      assert.equal(res.status, status, path);
      const csp = directives(res.headers.get("content-security-policy")!);
      assert.deepEqual(csp.get("script-src"), ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"], path);
      assert.deepEqual(csp.get("frame-ancestors"), ["'none'"], path);
      assert.deepEqual(csp.get("object-src"), ["'none'"], path);
      assert.deepEqual(csp.get("base-uri"), ["'self'"], path);
      assert.deepEqual(csp.get("default-src"), ["'self'"], path);
      assert.equal(res.headers.get("x-content-type-options"), "nosniff", path);
      assert.equal(res.headers.get("referrer-policy"), "strict-origin-when-cross-origin", path);
      assert.match(res.headers.get("permissions-policy") ?? "", /camera=\(\)/, path);
      assert.equal(res.headers.get("strict-transport-security"), null, `${path}: HSTS on a plain-HTTP PUBLIC_URL`);
      // Next put the nonce on each of its scripts: none would run without it
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      assert.ok(scripts.length > 0, path);
      for (const tag of scripts) assert.ok(tag.includes(` nonce="${nonce}"`), `${path}: ${tag}`);
    }
  });

  test("the nonce is new for every request", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) nonces.add((await page("/login")).nonce);
    assert.equal(nonces.size, 3);
  });

  test("REST JSON: nosniff, no page CSP", async () => {
    for (const path of ["/api/public/openapi.json", "/api/user/me", "/api/no-such-route"]) {
      const res = await fetch(api.url + path, { headers: { Accept: "application/json" } });
      assert.match(res.headers.get("content-type") ?? "", /json/, path);
      assert.equal(res.headers.get("x-content-type-options"), "nosniff", path);
      assert.equal(res.headers.get("content-security-policy"), null, path);
    }
  });
});
