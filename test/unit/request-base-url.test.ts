// The base of absolute URLs handed to a caller (signed media, posters): PUBLIC_URL when set, else
// the host and scheme the launcher or the edge saw when its name is on the allowlist (ALLOWED_HOSTS);
// a malformed host or one of another name never makes it into a URL.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { env, type Env } from "@/server/env";
import { requestBaseUrl } from "@/server/http/base-url";

const names = ["localhost", "127.0.0.1", "[::1]", "10.0.0.5", "192.168.1.20", "videos.example", "h.example"];
const unset: Env = { ...env(), PUBLIC_URL: undefined, publicUrl: "http://localhost:3000", allowedHosts: names };
const configured: Env = { ...env(), PUBLIC_URL: "https://videos.example/", publicUrl: "https://videos.example" };
const from = (headers: Record<string, string>) => (name: string) => headers[name];

describe("requestBaseUrl", () => {
  test("PUBLIC_URL, when set, whatever the request says", () => {
    assert.equal(
      requestBaseUrl(from({ host: "10.0.0.5:3000", "x-forwarded-host": "other.example" }), configured),
      "https://videos.example",
    );
  });

  test("without PUBLIC_URL: the forwarded host and scheme (set by the launcher or the edge), else Host, when its name is listed", () => {
    assert.equal(requestBaseUrl(from({ host: "10.0.0.5:3000" }), unset), "http://10.0.0.5:3000");
    assert.equal(requestBaseUrl(from({ host: "127.0.0.1:1", "x-forwarded-host": "192.168.1.20:3000" }), unset), "http://192.168.1.20:3000");
    assert.equal(
      requestBaseUrl(from({ "x-forwarded-host": "Videos.Example", "x-forwarded-proto": "https" }), unset),
      "https://videos.example",
    );
    assert.equal(requestBaseUrl(from({ host: "[::1]:3000" }), unset), "http://[::1]:3000");
    assert.equal(requestBaseUrl(from({ host: "videos.example:443", "x-forwarded-proto": "https" }), unset), "https://videos.example");
    // a list from proxies in a row: the first is the host the client asked for
    assert.equal(
      requestBaseUrl(from({ "x-forwarded-host": "videos.example, lb.internal", "x-forwarded-proto": "https, http" }), unset),
      "https://videos.example",
    );
    assert.equal(requestBaseUrl(from({ host: "h.example", "x-forwarded-proto": "gopher" }), unset), "http://h.example");
  });

  test("a host that is no host falls back to the default of PUBLIC_URL", () => {
    for (const host of [
      "",
      "a b",
      "evil.example/path",
      "user@evil.example",
      "evil.example\\x",
      "h.example?x",
      "h.example#x",
      "h\r\nX: 1",
      "[::1",
      "h:99999",
    ]) {
      assert.equal(requestBaseUrl(from({ host }), unset), "http://localhost:3000", JSON.stringify(host));
    }
    assert.equal(requestBaseUrl(from({}), unset), "http://localhost:3000");
  });

  test("a host whose name is not on the allowlist gets the default (PUBLIC_URL's default), whatever its port or case", () => {
    for (const host of [
      "attacker.example",
      "attacker.example:3000",
      "localhost.attacker.example",
      "10.0.0.6:3000",
      "VIDEOS.EXAMPLE.evil",
    ]) {
      assert.equal(requestBaseUrl(from({ host }), unset), "http://localhost:3000", host);
      assert.equal(requestBaseUrl(from({ host: "localhost:3000", "x-forwarded-host": host }), unset), "http://localhost:3000", host);
    }
    // a listed name is used as sent, its port included
    assert.equal(requestBaseUrl(from({ host: "LOCALHOST:8080" }), unset), "http://localhost:8080");
    // PUBLIC_URL set: neither matters
    assert.equal(requestBaseUrl(from({ host: "attacker.example" }), { ...configured, allowedHosts: ["*"] }), "https://videos.example");
  });

  test("wildcards: `.example.org` is that name and every name under it, `*` any name", () => {
    const suffix: Env = { ...unset, allowedHosts: [".videos.example"] };
    assert.equal(requestBaseUrl(from({ host: "videos.example" }), suffix), "http://videos.example");
    assert.equal(requestBaseUrl(from({ host: "eu.videos.example:8443" }), suffix), "http://eu.videos.example:8443");
    assert.equal(requestBaseUrl(from({ host: "evilvideos.example" }), suffix), "http://localhost:3000");
    assert.equal(requestBaseUrl(from({ host: "anything.example" }), { ...unset, allowedHosts: ["*"] }), "http://anything.example");
  });
});
