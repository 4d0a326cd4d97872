// CORS (issue 27 item 4) over real HTTP, through the edge: a preflight from an origin an API key or an
// OAuth client allows is answered for the API's methods and headers, a foreign origin's gets no CORS
// header; an answer carries the grant for an origin its credential allows (a key's own origins, a
// client token's client's), not for another.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { before, test } from "node:test";
import type { Api } from "../support/api";
import { testAdmin } from "./admin-fixtures";
import { connect, newUser, type TestUser } from "./users-fixtures";

let api: Api;
let user: TestUser;
const tag = randomBytes(4).toString("hex");
const keyOrigin = `https://shop-${tag}.example.test`;
const clientOrigin = `https://app-${tag}.example.test`;
const foreign = `https://evil-${tag}.example.test`;
let key: string;
let clientToken: string;

before(async () => {
  ({ api } = await connect());
  user = await newUser(api);
  const made = await api.post(
    "/api/user/me/api-keys",
    { name: "browser", scopes: ["box:read"], origins: [keyOrigin] },
    { token: user.access },
  );
  assert.equal(made.status, 201, made.text);
  key = made.body.key;
  // an OAuth client of the administrator's with its own origin, and a client token of it
  const admin = await testAdmin(api);
  const clientId = `cors-${tag}`;
  const client = await api.post(
    "/api/admin/clients",
    { clientId, name: "Browser app", grants: ["client_credentials"], origins: [clientOrigin] },
    { token: admin.access },
  );
  assert.equal(client.status, 201, client.text);
  const token = await api.token({ grant_type: "client_credentials" }, { id: clientId, secret: client.body.clientSecret });
  assert.equal(token.status, 200, token.text);
  clientToken = token.body.access_token;
});

const preflight = (origin: string, method = "POST") =>
  fetch(`${api.url}/api/search/box/contents`, {
    method: "OPTIONS",
    headers: {
      Origin: origin,
      "Access-Control-Request-Method": method,
      "Access-Control-Request-Headers": "authorization, content-type, idempotency-key",
    },
  });

test("preflights: an allowed origin (a key's, a client's) gets the API's methods and headers; a foreign one nothing", async () => {
  for (const origin of [keyOrigin, clientOrigin]) {
    const res = await preflight(origin);
    assert.equal(res.status, 204, origin);
    assert.equal(res.headers.get("access-control-allow-origin"), origin);
    assert.deepEqual(res.headers.get("access-control-allow-methods")?.split(", "), ["GET", "POST", "DELETE"]);
    const allowed = (res.headers.get("access-control-allow-headers") ?? "").toLowerCase().split(", ");
    for (const h of ["authorization", "content-type", "idempotency-key"]) assert.ok(allowed.includes(h), `${h} in ${allowed}`);
    assert.equal(res.headers.get("access-control-allow-credentials"), null, "no cookies across origins");
    assert.match(res.headers.get("vary") ?? "", /Origin/);
  }
  const refused = await preflight(foreign);
  assert.equal(refused.status, 204);
  for (const h of ["access-control-allow-origin", "access-control-allow-methods", "access-control-allow-headers"])
    assert.equal(refused.headers.get(h), null, h);
});

test("answers: the grant for an origin the credential allows, none for another", async () => {
  const search = (token: string, origin: string) =>
    fetch(`${api.url}/api/search/box/contents`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Origin: origin },
      body: JSON.stringify({ pageSize: 1 }),
    });
  const byKey = await search(key, keyOrigin);
  assert.equal(byKey.status, 200);
  assert.equal(byKey.headers.get("access-control-allow-origin"), keyOrigin);
  assert.match(byKey.headers.get("access-control-expose-headers") ?? "", /X-Request-Id/);
  // the key from the client's origin (another credential's) or a foreign one: no grant
  for (const origin of [clientOrigin, foreign])
    assert.equal((await search(key, origin)).headers.get("access-control-allow-origin"), null, origin);
  // a client token (a public search): its client's origin only
  const publicSearch = (origin: string) =>
    fetch(`${api.url}/api/public/search/users`, {
      method: "POST",
      headers: { Authorization: `Bearer ${clientToken}`, "Content-Type": "application/json", Origin: origin },
      body: "{}",
    });
  const byClient = await publicSearch(clientOrigin);
  assert.equal(byClient.status, 200);
  assert.equal(byClient.headers.get("access-control-allow-origin"), clientOrigin);
  assert.equal((await publicSearch(keyOrigin)).headers.get("access-control-allow-origin"), null);
  // an error answer to an allowed origin carries the grant too (the page can read why)
  const refused = await search("not-a-token", keyOrigin);
  assert.equal(refused.status, 401);
  assert.equal(refused.headers.get("access-control-allow-origin"), keyOrigin);
  // without Origin (not a browser across sites): no CORS header at all
  const plain = await fetch(`${api.url}/api/public/search/users`, {
    method: "POST",
    headers: { Authorization: `Bearer ${clientToken}` },
    body: "{}",
  });
  assert.equal(plain.headers.get("access-control-allow-origin"), null);
});
