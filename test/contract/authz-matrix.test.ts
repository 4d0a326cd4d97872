// The authorization matrix (issue 8): every REST route with an id in its path, called as the owner of
// the resource, another user, a public token, no token and a forged token (signed with another key,
// naming the owner), with the status expected of each. The routes come from the OpenAPI document, which
// is generated from the route table: a new route with an id and no row here fails the test.
import assert from "node:assert/strict";
import { createSecretKey, randomBytes, randomUUID } from "node:crypto";
import { before, test } from "node:test";
import { SignJWT } from "jose";
import sharp from "sharp";
import type { Api } from "../support/api";
import { payThroughSandbox } from "../support/checkout";
import { postMultipart, uploadFile } from "./box-fixtures";
import { clip, playWhenReady } from "./playback-fixtures";
import { connect, newUser, type TestUser } from "./users-fixtures";

type Identity = "owner" | "other" | "public" | "none" | "forged";
const IDENTITIES: Identity[] = ["other", "public", "none", "forged", "owner"]; // the owner last: its call may delete

interface Fixture {
  owner: TestUser;
  other: TestUser;
  boxId: string;
  contentId: string;
  /** An item of the owner's that the DELETE row may remove. */
  doomedBoxId: string;
  progressbarId: string;
  thumbnailId: string;
}

interface Row {
  /** The request: path (parameters filled in), body; `as` tells who makes it (for per-identity credentials in the URL). */
  request(f: Fixture, as: Identity): Promise<{ path: string; body?: unknown }> | { path: string; body?: unknown };
  expect: Record<Identity, number>;
}

const PRIVATE = { other: 404, public: 403, none: 401, forged: 401 } as const;
const PUBLIC_ASSET = { owner: 200, other: 200, public: 200, none: 200, forged: 200 } as const;

/** Download tokens are single-use and belong to the content's owner: each call gets a fresh one of its own. */
async function downloadToken(f: Fixture, as: Identity, api: Api): Promise<string | undefined> {
  if (as === "owner")
    return (await api.get(`/api/content/${encodeURIComponent(f.contentId)}/download`, { token: f.owner.access })).body.token;
  if (as === "other") {
    // the other user's token for a content of their own does not open the owner's
    const own = await api.post("/api/search/box/contents", { pageSize: 1 }, { token: f.other.access });
    const content = own.body.items[0]?.contentId as string;
    return (await api.get(`/api/content/${encodeURIComponent(content)}/download`, { token: f.other.access })).body.token;
  }
  return undefined;
}

let api: Api;
let fixture: Fixture;

/** A plan the owner paid (through the sandbox checkout), once per run. */
let paidPlanId: Promise<string> | undefined;
function paidPlan(f: Fixture): Promise<string> {
  paidPlanId ??= (async () => {
    const res = await api.post("/api/license/Entry/subscribe", {}, { token: f.owner.access });
    await payThroughSandbox(res.body.url, res.body.trackingId);
    return res.body.trackingId as string;
  })();
  return paidPlanId;
}

/** Rows keyed "METHOD path" as the OpenAPI document writes them. */
const matrix = (): Record<string, Row> => ({
  // any user may buy a plan for themselves
  "POST /api/license/{licenseName}/subscribe": {
    request: () => ({ path: "/api/license/Entry/subscribe", body: { returnUrl: "https://shop.example/ok" } }),
    expect: { owner: 200, other: 200, public: 403, none: 401, forged: 401 },
  },
  // the owner's paid trackingId: another user's activation of it is refused on the field
  "POST /api/license/{licenseName}/activate": {
    request: async (f) => ({ path: "/api/license/Entry/activate", body: { trackingId: await paidPlan(f) } }),
    expect: { owner: 200, other: 400, public: 403, none: 401, forged: 401 },
  },
  "GET /api/public/user/{userCode}/overview": {
    request: (f) => ({ path: `/api/public/user/${f.owner.userCode}/overview` }),
    expect: { owner: 200, other: 200, public: 200, none: 401, forged: 401 },
  },
  "GET /api/box/{boxId}": { request: (f) => ({ path: `/api/box/${f.boxId}` }), expect: { owner: 200, ...PRIVATE } },
  "POST /api/box/{boxId}": {
    request: (f) => ({ path: `/api/box/${f.boxId}`, body: { title: "Renamed by the matrix" } }),
    expect: { owner: 200, ...PRIVATE },
  },
  "DELETE /api/box/{boxId}": { request: (f) => ({ path: `/api/box/${f.doomedBoxId}` }), expect: { owner: 204, ...PRIVATE } },
  "POST /api/box/{boxId}/play": { request: (f) => ({ path: `/api/box/${f.boxId}/play`, body: {} }), expect: { owner: 200, ...PRIVATE } },
  "GET /api/content/{contentId}/download": {
    request: (f) => ({ path: `/api/content/${encodeURIComponent(f.contentId)}/download` }),
    expect: { owner: 200, ...PRIVATE },
  },
  // progress bar ids are the client's own names, scoped to the caller: another user reads its own bar of
  // that name (0, nothing uploaded), never the owner's (checked below)
  "GET /api/progressbar/{progressbarId}": {
    request: (f) => ({ path: `/api/progressbar/${f.progressbarId}` }),
    expect: { owner: 200, ...PRIVATE, other: 200 },
  },
  // no bearer token counts here: the single-use download token is the credential
  "GET /download/content/{contentId}": {
    request: async (f, as) => {
      const token = await downloadToken(f, as, api);
      return { path: `/download/content/${encodeURIComponent(f.contentId)}${token ? `?token=${token}` : ""}` };
    },
    expect: { owner: 200, other: 404, public: 400, none: 400, forged: 400 },
  },
  "GET /asset/thumbnail/{thumbnailId}": { request: (f) => ({ path: `/asset/thumbnail/${f.thumbnailId}` }), expect: PUBLIC_ASSET },
  "GET /asset/thumbnail/{thumbnailId}/{width}": {
    request: (f) => ({ path: `/asset/thumbnail/${f.thumbnailId}/160` }),
    expect: PUBLIC_ASSET,
  },
});

before(async () => {
  ({ api } = await connect());
  const [owner, other] = [await newUser(api), await newUser(api)];
  const progressbarId = `matrix-${randomBytes(4).toString("hex")}`;
  const uploaded = await uploadFile(
    api,
    owner.access,
    clip(),
    { title: "Matrix clip" },
    { headers: { "X-Service-progressbarId": progressbarId } },
  );
  assert.equal(uploaded.status, 201, uploaded.text);
  /** An item whose file is not media (it fails processing at once): enough for the rows that need an id. */
  const notMedia = async (user: TestUser, title: string) => {
    const res = await postMultipart(api, "/api/box", user.access, { title }, { filename: `${title}.mp4`, data: Buffer.from("not media") });
    assert.equal(res.status, 201, res.text);
    return res.body;
  };
  const doomed = await notMedia(owner, "doomed");
  await notMedia(other, "theirs");
  const png = await sharp({ create: { width: 320, height: 180, channels: 3, background: "#246" } })
    .png()
    .toBuffer();
  const thumb = await postMultipart(
    api,
    "/api/thumbnail",
    owner.access,
    {},
    { name: "thumbnail", filename: "t.png", contentType: "image/png", data: png },
  );
  assert.equal(thumb.status, 201, thumb.text);
  await playWhenReady(api, owner.access, uploaded.body.boxId);
  fixture = {
    owner,
    other,
    boxId: uploaded.body.boxId,
    contentId: uploaded.body.contentId,
    doomedBoxId: doomed.boxId,
    progressbarId,
    thumbnailId: thumb.body.thumbnailId,
  };
});

/** A private token naming the owner, signed with a key that is not the server's. */
async function forgedToken(owner: TestUser): Promise<string> {
  const claims = JSON.parse(Buffer.from(owner.access.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;
  return new SignJWT({ ...claims, jti: randomUUID() })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(createSecretKey(randomBytes(48)));
}

test("every route with an id answers each identity as the matrix says; no route is missing from it", async () => {
  const doc = (await api.get("/api/public/openapi.json")).body;
  const routes = Object.entries<Record<string, unknown>>(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
  );
  const withId = routes.filter((r) => r.includes("{"));
  const rows = matrix();
  assert.deepEqual(
    withId.filter((r) => !rows[r]),
    [],
    "routes with an id need a row in the authorization matrix",
  );
  assert.deepEqual(
    Object.keys(rows).filter((r) => !withId.includes(r)),
    [],
    "rows of routes that no longer exist",
  );

  const forged = await forgedToken(fixture.owner);
  const tokens: Record<Identity, string | undefined> = {
    owner: fixture.owner.access,
    other: fixture.other.access,
    public: await api.publicToken(),
    none: undefined,
    forged,
  };
  const mismatches: string[] = [];
  for (const key of withId) {
    const method = key.split(" ")[0];
    for (const as of IDENTITIES) {
      const { path, body } = await rows[key]!.request(fixture, as);
      const res = await api.call(method!, path, body, { token: tokens[as] });
      const expected = rows[key]!.expect[as];
      if (res.status !== expected) mismatches.push(`${key} as ${as}: ${res.status} (expected ${expected}) ${res.text.slice(0, 160)}`);
      // whatever is refused says nothing of the resource: the document's error shapes only
      if (res.status >= 400) assert.ok(res.body?.error, `${key} as ${as}: error body ${res.text.slice(0, 160)}`);
    }
  }
  assert.deepEqual(mismatches, []);
  // the refused calls changed nothing; the owner's own update went through
  const item = await api.get(`/api/box/${fixture.boxId}`, { token: fixture.owner.access });
  assert.equal(item.body.title, "Renamed by the matrix");
  assert.equal((await api.get(`/api/box/${fixture.doomedBoxId}`, { token: fixture.owner.access })).status, 404);
  const progress = (token: string) => api.get(`/api/progressbar/${fixture.progressbarId}`, { token });
  assert.deepEqual((await progress(fixture.owner.access)).body, { value: 100 });
  assert.deepEqual((await progress(fixture.other.access)).body, { value: 0 });
});
