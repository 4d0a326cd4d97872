// Where a webhook may go (src/server/webhooks/target.ts, send.ts) and how it is signed (signature.ts):
// private, loopback and link-local addresses refused, by literal and at connect time through DNS (a
// name resolving to loopback), and signatures that the `standardwebhooks` package verifies.
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { Webhook } from "standardwebhooks";
import { isPrivateAddress, targetProblem } from "../../src/server/webhooks/target";
import { sendWebhook } from "../../src/server/webhooks/send";
import { newWebhookSecret, signWebhook } from "../../src/server/webhooks/signature";

test("private, loopback, link-local and reserved addresses; public ones pass", () => {
  for (const a of [
    "127.0.0.1",
    "10.0.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "::1",
    "::",
    "fd00::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "[::1]",
    "not-an-ip",
  ])
    assert.equal(isPrivateAddress(a), true, a);
  for (const a of ["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700::1111", "::ffff:8.8.8.8"])
    assert.equal(isPrivateAddress(a), false, a);
});

test("a receiver URL: absolute http(s), no credentials, no private literal or localhost unless allowed", () => {
  assert.equal(targetProblem("https://hooks.example.test/k", false), undefined);
  assert.equal(targetProblem("/relative", false), "url");
  assert.equal(targetProblem("ftp://example.test/", false), "scheme");
  assert.equal(targetProblem("https://u:p@example.test/", false), "credentials");
  for (const url of ["http://127.0.0.1:9/x", "http://[::1]/x", "http://10.0.0.2/x", "http://localhost/x", "http://a.localhost/x"]) {
    assert.equal(targetProblem(url, false), "private", url);
    assert.equal(targetProblem(url, true), undefined, url);
  }
});

test("a delivery to a name resolving to loopback is refused at connect time; allowed, it arrives", async () => {
  let hits = 0;
  const server = http.createServer((req, res) => {
    hits++;
    req.resume().on("end", () => res.writeHead(204).end());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  try {
    // "localhost" is a name: the refusal comes from the lookup of each connection, not the URL's form
    const refused = await sendWebhook(`http://localhost:${port}/x`, {}, "{}", { timeoutSeconds: 5, allowPrivate: false });
    assert.equal(refused.ok, false);
    assert.match(refused.error ?? "", /^refused: 127\.0\.0\.1 is a private or loopback address/);
    const literal = await sendWebhook(`http://127.0.0.1:${port}/x`, {}, "{}", { timeoutSeconds: 5, allowPrivate: false });
    assert.match(literal.error ?? "", /^refused: 127\.0\.0\.1/);
    assert.equal(hits, 0);
    const sent = await sendWebhook(`http://localhost:${port}/x`, {}, "{}", { timeoutSeconds: 5, allowPrivate: true });
    assert.deepEqual([sent.ok, sent.statusCode, sent.error, hits], [true, 204, undefined, 1]);
  } finally {
    await new Promise((r) => server.close(r));
  }
});

test("a receiver that does not answer in time is a timeout", async () => {
  const server = http.createServer(() => undefined); // never answers
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  try {
    const slow = await sendWebhook(`http://127.0.0.1:${port}/x`, {}, "{}", { timeoutSeconds: 1, allowPrivate: true });
    assert.deepEqual([slow.ok, slow.statusCode, slow.error], [false, undefined, "timeout after 1 s"]);
    assert.ok(slow.durationMs >= 950 && slow.durationMs < 3000, String(slow.durationMs));
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

test("signatures verify with the standardwebhooks package; another secret or body does not", () => {
  const secret = newWebhookSecret();
  assert.match(secret, /^whsec_[A-Za-z0-9+/]{32}$/);
  const body = JSON.stringify({ type: "box.ready", timestamp: new Date().toISOString(), data: { boxId: "b1" } });
  const now = Math.floor(Date.now() / 1000);
  const headers = { "webhook-id": "msg_1", "webhook-timestamp": String(now), "webhook-signature": signWebhook(secret, "msg_1", now, body) };
  assert.match(headers["webhook-signature"], /^v1,[A-Za-z0-9+/]{43}=$/);
  assert.deepEqual(new Webhook(secret).verify(body, headers), JSON.parse(body));
  assert.throws(() => new Webhook(newWebhookSecret()).verify(body, headers));
  assert.throws(() => new Webhook(secret).verify(body.replace("b1", "b2"), headers));
});
