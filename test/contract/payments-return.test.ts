// Where the checkout sends the buyer, and what it reads. A payment request's returnUrl and cancelUrl
// may lead only to the instance's own origins (PUBLIC_URL's; on a local instance, as this one,
// http://localhost:PORT and http://127.0.0.1:PORT) and to the origins registered for the calling client
// (oauth.test.ts, client:create --origin): another site is a 400 naming the field, before anything
// is written, and the checkout never redirects there. A body over the checkout's cap, posted to the
// checkout page or to its outcome route, is a 413 at once, with or without a Content-Length.
import assert from "node:assert/strict";
import http from "node:http";
import { before, describe, test } from "node:test";
import type { Api } from "../support/api";
import { checkout } from "../support/checkout";
import { assertValidation, connect, newUser, type TestUser } from "./users-fixtures";

let api: Api;
let port: string;
let buyer: TestUser;

before(async () => {
  ({ api } = await connect());
  port = new URL(api.url).port;
  buyer = await newUser(api);
});

const SUBSCRIBE = "/api/license/Entry/subscribe";
const subscribe = (body: Record<string, unknown>, token = buyer.access) => api.post(SUBSCRIBE, body, { token });

describe("returnUrl and cancelUrl", () => {
  test("another site is refused with 400 on the field, for each of the two", async () => {
    const own = () => `http://127.0.0.1:${port}`;
    const origins = `http://127.0.0.1:${port}, http://localhost:${port}`;
    const refused = (field: string) => ({
      field,
      defaultMessage: `must point to this site or an origin registered for this client: ${origins}`,
    });
    for (const foreign of [
      "https://attacker.example/back",
      `http://127.0.0.1:${port}@attacker.example/back`, // our host as userinfo
      `https://127.0.0.1:${port}/back`, // another scheme is another origin
      `http://127.0.0.1:${Number(port) + 1}/back`, // another port
      `http://localhost.attacker.example:${port}/back`,
      `http://127.0.0.2:${port}/back`,
    ]) {
      assertValidation(await subscribe({ returnUrl: foreign, cancelUrl: `${own()}/no` }), SUBSCRIBE, [refused("returnUrl")]);
      assertValidation(await subscribe({ returnUrl: `${own()}/ok`, cancelUrl: foreign }), SUBSCRIBE, [refused("cancelUrl")]);
    }
    assertValidation(await subscribe({ returnUrl: "https://attacker.example/ok", cancelUrl: "https://attacker.example/no" }), SUBSCRIBE, [
      refused("returnUrl"),
      refused("cancelUrl"),
    ]);
  });

  test("the instance's own origins are accepted (127.0.0.1 and localhost on its port), and the checkout leads back there", async () => {
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `HTTP://LOCALHOST:${port}`]) {
      const res = await subscribe({ returnUrl: `${origin}/plans/activate?plan=Entry`, cancelUrl: `${origin}/plans?cancelled=1` });
      assert.equal(res.status, 200, `${origin}: ${res.text}`);
      const paid = await checkout(res.body.url, "paid");
      assert.equal(paid.status, 303);
      const back = new URL(paid.location!);
      assert.equal(back.origin, new URL(origin).origin);
      assert.equal(back.pathname, "/plans/activate");
      assert.equal(back.searchParams.get("trackingId"), res.body.trackingId);
    }
    const cancelled = await subscribe({ returnUrl: `http://localhost:${port}/ok`, cancelUrl: `http://localhost:${port}/no` });
    const done = await checkout(cancelled.body.url, "cancelled");
    assert.equal(done.location, `http://localhost:${port}/no?trackingId=${cancelled.body.trackingId}`);
  });
});

/** POSTs `bytes` of form body to `path`: with a Content-Length, or chunked (1 MiB writes); the answer and how long it took. */
function postBig(path: string, bytes: number, chunked: boolean): Promise<{ status: number; type: string; text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const headers: Record<string, string | number> = { "Content-Type": "application/x-www-form-urlencoded" };
    if (chunked) headers["Transfer-Encoding"] = "chunked";
    else headers["Content-Length"] = bytes;
    const req = http.request(new URL(path, api.url), { method: "POST", headers });
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      const ms = Date.now() - started;
      let text = "";
      res.on("data", (d: Buffer) => (text += d.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), text, ms }));
      res.on("error", reject);
    });
    // the server may close its side once it answered: what is still being sent then fails
    req.on("error", (err) => !answered && reject(err));
    const piece = Buffer.alloc(1 << 20, "a");
    piece.write("outcome=paid&x=");
    let sent = 0;
    const send = () => {
      while (sent < bytes && !answered && !req.destroyed) {
        const n = Math.min(piece.length, bytes - sent);
        sent += n;
        if (!req.write(n === piece.length ? piece : piece.subarray(0, n))) return void req.once("drain", send);
      }
      if (!req.destroyed) req.end();
    };
    send();
  });
}

describe("a body over the checkout's cap", () => {
  let trackingId: string;
  let url: string;

  before(async () => {
    const res = await subscribe({ returnUrl: `${api.url}/ok`, cancelUrl: `${api.url}/no` });
    assert.equal(res.status, 200, res.text);
    ({ trackingId, url } = res.body);
  });

  for (const chunked of [false, true]) {
    for (const route of ["", "/outcome"]) {
      test(`11 MB ${chunked ? "chunked" : "with a Content-Length"} to /checkout/{id}${route}: 413 within 1 s, the payment untouched`, async () => {
        const path = `${new URL(url).pathname}${route}`;
        const res = await postBig(path, 11 * 1024 * 1024, chunked);
        assert.equal(res.status, 413, `${res.status} ${res.text.slice(0, 300)}`);
        assert.ok(res.ms < 1000, `answered after ${res.ms} ms`);
        assert.match(res.text, /larger than the 16 KiB/);
        // nothing was settled: the page still offers the payment, and a proper post settles it
        const page = await (await fetch(url)).text();
        assert.match(page, /open until/);
      });
    }
  }

  test("after those refusals, the checkout's own small form still settles the payment", async () => {
    const paid = await checkout(url, "paid");
    assert.equal(paid.status, 303);
    assert.equal(paid.location, `${api.url}/ok?trackingId=${trackingId}`);
  });
});
