// The security headers of a page (src/proxy.ts sets them on every page; test/contract/security-headers
// checks them over HTTP): the CSP with the nonce, frame-ancestors, HSTS only on an https PUBLIC_URL.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { env, type Env } from "@/server/env";
import { contentSecurityPolicy, frameAncestorsOf, isFrameablePage, pageSecurityHeaders } from "@/server/http/security-headers";

const directives = (csp: string) => new Map(csp.split("; ").map((d) => [d.split(" ")[0]!, d.split(" ").slice(1).join(" ")]));
const plain: Env = { ...env(), PUBLIC_URL: undefined, publicUrl: "http://localhost:3000" };
const https: Env = { ...env(), PUBLIC_URL: "https://videos.example", publicUrl: "https://videos.example" };

describe("page security headers", () => {
  test("the CSP: scripts by nonce only, what hls.js, tus and next-auth need, no framing", () => {
    const csp = directives(pageSecurityHeaders("/box", "bm9uY2U=", plain)["Content-Security-Policy"]!);
    assert.equal(csp.get("script-src"), "'self' 'nonce-bm9uY2U=' 'strict-dynamic'");
    assert.equal(csp.get("style-src"), "'self' 'nonce-bm9uY2U='");
    assert.equal(csp.get("media-src"), "'self' blob:");
    assert.equal(csp.get("worker-src"), "'self' blob:");
    assert.equal(csp.get("connect-src"), "'self'");
    assert.equal(csp.get("object-src"), "'none'");
    assert.equal(csp.get("base-uri"), "'self'");
    assert.equal(csp.get("frame-ancestors"), "'none'");
    assert.equal(csp.has("upgrade-insecure-requests"), false, "a plain-HTTP instance loads its own http: URLs");
    for (const [name, sources] of csp) assert.doesNotMatch(sources, /unsafe-eval|\*/, name);
  });

  test("HSTS, upgrade-insecure-requests and PUBLIC_URL's origin for media only with an https PUBLIC_URL", () => {
    const plainHeaders = pageSecurityHeaders("/", "n", plain);
    assert.equal(plainHeaders["Strict-Transport-Security"], undefined);
    const h = pageSecurityHeaders("/", "n", https);
    assert.equal(h["Strict-Transport-Security"], "max-age=31536000");
    const csp = directives(h["Content-Security-Policy"]!);
    assert.equal(csp.has("upgrade-insecure-requests"), true);
    assert.equal(csp.get("media-src"), "'self' blob: https://videos.example");
    assert.equal(csp.get("connect-src"), "'self' https://videos.example");
    assert.equal(h["Referrer-Policy"], "strict-origin-when-cross-origin");
    assert.match(h["Permissions-Policy"]!, /camera=\(\), microphone=\(\), geolocation=\(\)/);
  });

  test("frame-ancestors is decided per page: none for the portal's; an embeddable page answers its own", () => {
    for (const path of ["/", "/login", "/box", "/u/someone", "/account/password", "/v/some-vod", "/embed"]) {
      assert.equal(frameAncestorsOf(path), "'none'");
      assert.equal(isFrameablePage(path), false);
    }
    // the embeddable player goes on any site
    assert.equal(frameAncestorsOf("/embed/v/some-vod"), "*");
    assert.equal(isFrameablePage("/embed/v/some-vod"), true);
    const embed = directives(
      contentSecurityPolicy({ nonce: "n", frameAncestors: "https://site.example", formAction: "'self'", https: false, dev: false }),
    );
    assert.equal(embed.get("frame-ancestors"), "https://site.example");
  });

  test("next dev: eval for React's debugging, styles without a nonce", () => {
    const dev = directives(contentSecurityPolicy({ nonce: "n", frameAncestors: "'none'", formAction: "'self'", https: false, dev: true }));
    assert.equal(dev.get("script-src"), "'self' 'nonce-n' 'strict-dynamic' 'unsafe-eval'");
    assert.equal(dev.get("style-src"), "'self' 'unsafe-inline'");
  });

  test("the API reference's viewer may inject <style> elements; its scripts stay under the nonce; no other page may", () => {
    const reference = directives(pageSecurityHeaders("/docs/api", "n", plain)["Content-Security-Policy"]!);
    assert.equal(reference.get("style-src"), "'self' 'unsafe-inline'");
    assert.equal(reference.get("script-src"), "'self' 'nonce-n' 'strict-dynamic'");
    for (const path of ["/", "/docs", "/docs/api/other", "/account/developers"])
      assert.equal(
        directives(pageSecurityHeaders(path, "n", plain)["Content-Security-Policy"]!).get("style-src"),
        "'self' 'nonce-n'",
        path,
      );
  });
});
