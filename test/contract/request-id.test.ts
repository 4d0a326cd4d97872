// Every answer of the app carries the request's id in X-Request-Id (scripts/start.mjs opens a request
// context per request: src/server/http/request-context.mjs): a well-formed id the client sent is
// kept, anything else is replaced by a new one, and two requests never share a made-up id.
import assert from "node:assert/strict";
import { before, test } from "node:test";
import { sharedKinora } from "../support/server";

let url: string;

before(async () => {
  url = (await sharedKinora()).url;
});

const idOf = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${url}${path}`, { headers });
  await res.arrayBuffer();
  return { status: res.status, id: res.headers.get("x-request-id") };
};

test("a well-formed X-Request-Id comes back as sent, on REST errors and pages alike", async () => {
  const given = "3f2a9c1e-77b0-4a51-9d7e-0c1b2a3d4e5f";
  const rest = await idOf("/api/user/me", { "X-Request-Id": given });
  assert.equal(rest.status, 401);
  assert.equal(rest.id, given);
  const notFound = await idOf("/api/no/such/operation", { "X-Request-Id": "edge.req_0001" });
  assert.equal(notFound.status, 404);
  assert.equal(notFound.id, "edge.req_0001");
  const page = await idOf("/", { "X-Request-Id": given });
  assert.equal(page.status, 200);
  assert.equal(page.id, given);
});

test("a missing or malformed X-Request-Id is replaced by a new id, different for each request", async () => {
  const ids = new Set<string>();
  for (const header of [undefined, "short", "has space in it", "x".repeat(129), 'quote"d-value']) {
    const { id } = await idOf("/api/user/me", header === undefined ? {} : { "X-Request-Id": header });
    assert.match(id ?? "", /^[0-9a-f]{32}$/, `replacing ${JSON.stringify(header)}`);
    ids.add(id!);
  }
  assert.equal(ids.size, 5);
});
