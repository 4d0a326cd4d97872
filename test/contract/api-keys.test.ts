// API keys (issue 27 item 2) over real HTTP: made with a user's login (the key shown once, never in
// the list), used as `Authorization: Bearer`, acting as the user within its scopes: a read and a write
// allowed and refused (403, WWW-Authenticate: Bearer error="insufficient_scope"), an operation that
// needs the user's own login refused, a key that cannot manage keys, another user's key 404, and a
// revoked key 401 at once.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { Api, ApiResponse } from "../support/api";
import { assertErrorBody } from "./admin-fixtures";
import { postMultipart } from "./box-fixtures";
import { ISO_INSTANT, UUID, assertValidation, connect, newUser, type TestUser } from "./users-fixtures";

let api: Api;
let owner: TestUser;
before(async () => {
  ({ api } = await connect());
  owner = await newUser(api);
});

async function makeKey(scopes: string[], name = "integration", user = owner): Promise<{ keyId: string; key: string }> {
  const res = await api.post("/api/user/me/api-keys", { name, scopes }, { token: user.access });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

function assertInsufficientScope(res: ApiResponse, scope?: string): void {
  assert.equal(res.status, 403, res.text);
  const challenge = res.headers.get("www-authenticate") ?? "";
  assert.ok(challenge.startsWith('Bearer error="insufficient_scope"'), challenge);
  if (scope) {
    assert.ok(challenge.includes(`scope="${scope}"`), challenge);
    assert.deepEqual(res.body, { error: "insufficient_scope", error_description: `The API key lacks the scope ${scope}`, scope });
  } else assert.equal(res.body.error, "insufficient_scope");
}

const notMedia = (token: string, title: string) =>
  postMultipart(api, "/api/box", token, { title }, { filename: `${title}.mp4`, data: Buffer.from("not media") });

describe("POST, GET, DELETE /api/user/me/api-keys", () => {
  test("201 with the key once; the list has no key; bad fields 400; another user's key 404", async () => {
    const made = await api.post(
      "/api/user/me/api-keys",
      { name: "shop", scopes: ["box:read", "vod:write", "box:read"], origins: ["https://shop.example.test/path"] },
      { token: owner.access },
    );
    assert.equal(made.status, 201, made.text);
    const { keyId, key, createdAt, ...rest } = made.body;
    assert.match(keyId, UUID);
    assert.match(key, /^kin_[A-Za-z0-9_-]{43}$/);
    assert.match(createdAt, ISO_INSTANT);
    assert.deepEqual(rest, {
      name: "shop",
      prefix: key.slice(0, 12),
      scopes: ["box:read", "vod:write"],
      origins: ["https://shop.example.test"],
      lastUsedAt: null,
    });
    const listed = await api.get("/api/user/me/api-keys", { token: owner.access });
    assert.equal(listed.status, 200, listed.text);
    const mine = listed.body.find((k: any) => k.keyId === keyId);
    assert.deepEqual(mine, { keyId, createdAt, ...rest });
    assert.ok(!listed.text.includes(key.slice(12)), "the key is shown once");

    assertValidation(
      await api.post("/api/user/me/api-keys", { name: "", scopes: ["box:admin"], origins: ["nope"] }, { token: owner.access }),
      "/api/user/me/api-keys",
      [
        { field: "name", defaultMessage: "is required (at most 100 characters)" },
        {
          field: "scopes",
          defaultMessage:
            "must be one or more of: box:read, box:write, vod:read, vod:write, live:read, live:write, cast:read, cast:write, sales:read, analytics:read, webhooks:write",
        },
        { field: "origins", defaultMessage: "must be http(s) origins such as https://site.example" },
      ],
    );
    const other = await newUser(api);
    const path = `/api/user/me/api-keys/${keyId}`;
    assertErrorBody(await api.delete(path, { token: other.access }), 404, path);
    assert.equal((await api.get("/api/user/me/api-keys", { token: other.access })).body.length, 0);
  });
});

describe("a key acts as its user within its scopes", () => {
  test("box:read reads the box and may not upload; box:write uploads; vod:write is not box:write", async () => {
    const reader = await makeKey(["box:read"]);
    const writer = await makeKey(["box:write", "vod:read"]);
    // a write with the key that has it: the item is the owner's
    const uploaded = await notMedia(writer.key, "by key");
    assert.equal(uploaded.status, 201, uploaded.text);
    // a read (a search POST is a read) with the reader key finds it
    const found = await api.post("/api/search/box/contents", { pageSize: 50 }, { token: reader.key });
    assert.equal(found.status, 200, found.text);
    assert.ok(found.body.items.some((i: any) => i.boxId === uploaded.body.boxId));
    assert.equal((await api.get(`/api/box/${uploaded.body.boxId}`, { token: reader.key })).status, 200);
    // refused: a write with the reader, a read of another scope with the writer
    assertInsufficientScope(await notMedia(reader.key, "refused"), "box:write");
    assertInsufficientScope(await api.post("/api/search/box/contents", { pageSize: 1 }, { token: writer.key }), "box:read");
    assertInsufficientScope(await api.delete(`/api/box/${uploaded.body.boxId}`, { token: reader.key }), "box:write");
    assert.equal((await api.get(`/api/box/${uploaded.body.boxId}`, { token: owner.access })).status, 200, "nothing was deleted");
  });

  test("what needs the user's own login is refused to any key: the account, plans, the keys themselves", async () => {
    const all = await makeKey([
      "box:read",
      "box:write",
      "vod:read",
      "vod:write",
      "live:read",
      "live:write",
      "cast:read",
      "cast:write",
      "sales:read",
      "analytics:read",
      "webhooks:write",
    ]);
    assertInsufficientScope(await api.get("/api/user/me", { token: all.key }));
    assertInsufficientScope(await api.post("/api/user/me/password/update", { oldPassword: "x", newPassword: "y" }, { token: all.key }));
    assertInsufficientScope(await api.post("/api/user/me/api-keys", { name: "more", scopes: ["box:read"] }, { token: all.key }));
    assertInsufficientScope(await api.delete(`/api/user/me/api-keys/${all.keyId}`, { token: all.key }));
    // webhooks:write manages the user's webhooks
    assert.equal((await api.get("/api/webhooks", { token: all.key })).status, 200);
  });

  test("a revoked key is refused at once (401), the others keep working", async () => {
    const doomed = await makeKey(["box:read"]);
    const kept = await makeKey(["box:read"]);
    assert.equal((await api.post("/api/search/box/contents", { pageSize: 1 }, { token: doomed.key })).status, 200);
    assert.equal((await api.delete(`/api/user/me/api-keys/${doomed.keyId}`, { token: owner.access })).status, 204);
    const refused = await api.post("/api/search/box/contents", { pageSize: 1 }, { token: doomed.key });
    assert.equal(refused.status, 401, refused.text);
    assert.equal(refused.body.error, "invalid_token");
    assert.equal((await api.post("/api/search/box/contents", { pageSize: 1 }, { token: kept.key })).status, 200);
    assert.ok(!(await api.get("/api/user/me/api-keys", { token: owner.access })).body.some((k: any) => k.keyId === doomed.keyId));
    // its use was recorded (to the minute) before
    const lastUsed = async () =>
      (await api.get("/api/user/me/api-keys", { token: owner.access })).body.find((k: any) => k.keyId === kept.keyId).lastUsedAt;
    for (let i = 0; i < 20 && !(await lastUsed()); i++) await new Promise((r) => setTimeout(r, 100)); // written beside the request
    assert.match((await lastUsed()) ?? "", ISO_INSTANT);
    // a key of the right form that was never made
    const forged = `kin_${"A".repeat(43)}`;
    assert.equal((await api.post("/api/search/box/contents", { pageSize: 1 }, { token: forged })).status, 401);
  });
});
