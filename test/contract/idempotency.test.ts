// Idempotency-Key on the REST POSTs (issue 27 item 3) over real HTTP: a pay-per-view purchase sent
// twice with one key starts one payment (the second answer is the first, replayed), the same key with
// another body is a 422, another user's same key is theirs, a create (a webhook endpoint) sent twice
// makes one, and a malformed key is a 400.
import assert from "node:assert/strict";
import { before, test } from "node:test";
import type { Api } from "../support/api";
import { ISO_INSTANT, connect, newUser, type TestUser } from "./users-fixtures";
import { publish, readyItem, uniqueWord } from "./vod-fixtures";

let api: Api;
let seller: TestUser;
let vodId: string;
before(async () => {
  ({ api } = await connect());
  seller = await newUser(api);
  const item = await readyItem(api, seller.access, { title: `Once ${uniqueWord()}` });
  vodId = (await publish(api, seller.access, item.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: "1,50" })).vodId;
});

const payBody = () => ({ embedded: false, mobile: false, returnUrl: `${api.url}/back` });
const pay = (token: string, key: string | undefined, body: Record<string, unknown> = payBody()) =>
  api.post(`/api/vod/${vodId}/pay`, body, { token, headers: key === undefined ? {} : { "Idempotency-Key": key } });

test("a purchase sent twice with one key starts one payment; another body with the key is a 422", async () => {
  const buyer = await newUser(api);
  const key = `order-${uniqueWord()}`;
  const first = await pay(buyer.access, key);
  assert.equal(first.status, 200, first.text);
  assert.equal(first.headers.get("idempotent-replayed"), null);
  const again = await pay(buyer.access, key);
  assert.equal(again.status, 200, again.text);
  assert.equal(again.headers.get("idempotent-replayed"), "true");
  assert.deepEqual(again.body, first.body, "the first answer, the same payment");
  // without the key (or with another) the same request is a new purchase: another payment
  const other = await pay(buyer.access, `${key}-2`);
  assert.notEqual(other.body.trackingId, first.body.trackingId);
  const unkeyed = await pay(buyer.access, undefined);
  assert.notEqual(unkeyed.body.trackingId, first.body.trackingId);
  // the key with another body: refused, nothing started
  const changed = await pay(buyer.access, key, { ...payBody(), mobile: true });
  assert.equal(changed.status, 422, changed.text);
  const { timestamp, ...rest } = changed.body;
  assert.match(timestamp, ISO_INSTANT);
  assert.deepEqual(rest, {
    status: 422,
    error: "Unprocessable Entity",
    message: "This Idempotency-Key was used for another request (another path or body) in the last 24 hours",
    path: `/api/vod/${vodId}/pay`,
  });
  // another user's same key is theirs
  const someoneElse = await newUser(api);
  const theirs = await pay(someoneElse.access, key);
  assert.equal(theirs.status, 200, theirs.text);
  assert.notEqual(theirs.body.trackingId, first.body.trackingId);
  assert.equal(theirs.headers.get("idempotent-replayed"), null);
});

test("a create sent twice with one key makes one; a failed request gives the key back; a malformed key is a 400", async () => {
  const user = await newUser(api);
  const key = `hook-${uniqueWord()}`;
  const body = { url: "https://hooks.example.test/k", events: ["box.ready"] };
  const post = (b: Record<string, unknown>, k = key) =>
    api.post("/api/webhooks", b, { token: user.access, headers: { "Idempotency-Key": k } });
  // a refused request (400) keeps nothing: the key runs again with a corrected body? no: another body is another request
  const invalid = await post({ ...body, events: [] }, `${key}-bad`);
  assert.equal(invalid.status, 400, invalid.text);
  const retried = await post({ ...body, events: [] }, `${key}-bad`);
  assert.equal(retried.status, 400, retried.text);
  assert.equal(retried.headers.get("idempotent-replayed"), null, "an error is not kept: the retry ran again");
  const made = await post(body);
  assert.equal(made.status, 201, made.text);
  const replayed = await post(body);
  assert.equal(replayed.status, 201, replayed.text);
  assert.equal(replayed.headers.get("idempotent-replayed"), "true");
  assert.equal(replayed.body.webhookId, made.body.webhookId);
  assert.equal(replayed.body.secret, made.body.secret);
  const listed = await api.get("/api/webhooks", { token: user.access });
  assert.deepEqual(
    listed.body.map((w: any) => w.webhookId),
    [made.body.webhookId],
  );
  const malformed = await post(body, "x".repeat(256));
  assert.equal(malformed.status, 400, malformed.text);
  assert.equal(malformed.body.message, "Idempotency-Key must be 1 to 255 visible ASCII characters");
});
