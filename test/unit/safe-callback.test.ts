// The login's callback resolver (?callbackUrl= of /login, next-auth's redirect callback): hostile
// values never leave our origin, and what it returns is safe in a Location header.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { DEFAULT_CALLBACK, safeCallbackUrl } from "@/lib/safe-callback";

const ORIGIN = "http://kinora.example:3000";

describe("safeCallbackUrl", () => {
  test("paths of our origin are kept, with their query and hash", () => {
    assert.equal(safeCallbackUrl("/box", ORIGIN), "/box");
    assert.equal(safeCallbackUrl("/account/finance?tab=1#iban", ORIGIN), "/account/finance?tab=1#iban");
    assert.equal(safeCallbackUrl(["/box", "//evil.example"], ORIGIN), "/box", "the first of repeated parameters");
    assert.equal(safeCallbackUrl(`${ORIGIN}/account`, ORIGIN), "/account", "an absolute URL of our own origin");
    assert.equal(safeCallbackUrl("/a/../box", ORIGIN), "/box", "dot segments resolved as a browser would");
  });

  test("what a browser would take to another site falls back to /dashboard", () => {
    const hostile = [
      "//attacker.example/phish",
      "///attacker.example",
      "/\\attacker.example",
      "\\\\attacker.example",
      "/\\/attacker.example",
      "https://attacker.example/phish",
      "http://kinora.example:3001/box", // another port is another origin
      "https://kinora.example:3000/box", // another scheme too
      "HTTPS:attacker.example",
      "https:/attacker.example",
      "//kinora.example:3000@attacker.example",
      "/.//attacker.example", // normalizes to the path //attacker.example
      "javascript:alert(1)",
      "JaVaScRiPt:alert(document.cookie)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox",
      " //attacker.example", // leading space: browsers strip it
      "http://[::1",
    ];
    for (const value of hostile) assert.equal(safeCallbackUrl(value, ORIGIN), DEFAULT_CALLBACK, JSON.stringify(value));
  });

  test("control and bidi characters (as decoded from %09, %0d%0a, %E2%80%AE, ...) fall back, wherever they are", () => {
    const controls = [
      "\t",
      "\r",
      "\n",
      "\r\n",
      "\u0000",
      "\u0001",
      "\u001b",
      "\u007f",
      "\u0085",
      "\u202e",
      "\u202a",
      "\u2066",
      "\u200f",
      "\u061c",
    ];
    for (const c of controls) {
      for (const value of [`/${c}/attacker.example/phish`, `${c}//attacker.example`, `/box${c}`, `/box?q=${c}X:1`]) {
        assert.equal(safeCallbackUrl(value, ORIGIN), DEFAULT_CALLBACK, JSON.stringify(value));
      }
    }
    assert.equal(safeCallbackUrl(decodeURIComponent("/%0d%0aX:1"), ORIGIN), DEFAULT_CALLBACK);
    assert.equal(safeCallbackUrl(decodeURIComponent("/%E2%80%AE"), ORIGIN), DEFAULT_CALLBACK);
  });

  test("still-encoded values stay paths of our origin, percent-encoded and safe in a header", () => {
    for (const [value, path] of [
      ["/%2F%2Fattacker.example", "/%2F%2Fattacker.example"],
      ["/%5Cattacker.example", "/%5Cattacker.example"],
      ["/%09/attacker.example", "/%09/attacker.example"],
      ["/caf\u00e9", "/caf%C3%A9"],
      ["/box?q=a b", "/box?q=a%20b"],
    ] as const) {
      const out = safeCallbackUrl(value, ORIGIN);
      assert.equal(out, path, value);
      assert.equal(new URL(out, ORIGIN).origin, ORIGIN);
      assert.match(out, /^\/[\x21-\x7e]*$/, "printable ASCII only: fits a Location header");
    }
  });

  test("nothing, an empty value, or a custom fallback", () => {
    assert.equal(safeCallbackUrl(undefined, ORIGIN), DEFAULT_CALLBACK);
    assert.equal(safeCallbackUrl("", ORIGIN), DEFAULT_CALLBACK);
    assert.equal(safeCallbackUrl([], ORIGIN), DEFAULT_CALLBACK);
    assert.equal(safeCallbackUrl("//attacker.example", ORIGIN, "/"), "/");
  });
});
