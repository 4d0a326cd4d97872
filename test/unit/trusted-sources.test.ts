// The device cookie and the address hashes of auth/trusted-sources.ts: a device cookie is valid only
// for the account it was made for and only as it was issued; names and stored hashes show neither the
// user id nor the address; an IPv4 address mapped into IPv6 is the same source.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";
import { addressKeyHash, deviceCookieName, deviceCookieOptions, deviceKeyHash, newDeviceToken } from "@/server/auth/trusted-sources";

process.env.AUTH_SECRET = "unit-test-secret-unit-test-secret-0123456789"; // read by env() on first use, after the imports
process.env.LOGIN_TRUST_DAYS = "90";
process.env.PUBLIC_URL = "http://localhost:3000";

test("a device cookie verifies for its own account only, and only as issued", () => {
  const user = randomUUID();
  const { token, keyHash } = newDeviceToken(user);
  assert.match(token, /^v1\.[\w-]{24}\.[\w-]{43}$/);
  assert.equal(deviceKeyHash(user, token), keyHash);
  assert.equal(deviceKeyHash(randomUUID(), token), undefined, "another account's cookie");
  const [version, nonce, signature] = token.split(".") as [string, string, string];
  const flip = (s: string) => `${s.slice(0, -1)}${s.endsWith("A") ? "B" : "A"}`;
  for (const forged of [
    `${version}.${flip(nonce)}.${signature}`,
    `${version}.${nonce}.${flip(signature)}`,
    `v2.${nonce}.${signature}`,
    `${token}.extra`,
    `${version}.${nonce}`,
    "",
    "garbage",
  ])
    assert.equal(deviceKeyHash(user, forged), undefined, forged);
  assert.equal(deviceKeyHash(user, undefined), undefined);
  assert.notEqual(newDeviceToken(user).token, token, "every device its own nonce");
  assert.ok(!keyHash.includes(nonce), "the stored hash is not the nonce");
});

test("the cookie's name is per account and tells nothing; its attributes", () => {
  const [a, b] = [randomUUID(), randomUUID()];
  assert.equal(deviceCookieName(a), deviceCookieName(a));
  assert.notEqual(deviceCookieName(a), deviceCookieName(b));
  assert.match(deviceCookieName(a), /^kinora-device-[\w-]{16}$/); // http PUBLIC_URL: no __Secure- prefix
  assert.ok(!deviceCookieName(a).includes(a.slice(0, 8)));
  assert.deepEqual(deviceCookieOptions(), {
    httpOnly: true,
    secure: false,
    sameSite: "strict",
    path: "/auth/callback",
    maxAge: 90 * 24 * 3600,
  });
});

test("address hashes: keyed, one per address, IPv4-mapped IPv6 is IPv4", () => {
  assert.equal(addressKeyHash("203.0.113.7"), addressKeyHash("::ffff:203.0.113.7"));
  assert.equal(addressKeyHash("2001:DB8::1"), addressKeyHash("2001:db8::1"));
  assert.notEqual(addressKeyHash("203.0.113.7"), addressKeyHash("203.0.113.8"));
  assert.match(addressKeyHash("203.0.113.7"), /^[\w-]{43}$/);
  assert.ok(!addressKeyHash("203.0.113.7").includes("203"));
});
