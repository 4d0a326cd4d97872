// The SDK (sdk/src) against the suite's running server, as a client would use it: tokens from
// getToken, calls typed by the generated paths, a multipart upload, an API key, and the documented
// error bodies read as KinoraError. Each area's answers are compared with the shapes the contract
// tests check by hand; here the point is that the SDK's types and the server agree (tsc checks the
// calls, these tests the answers). The generated files are checked against the route tables too.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { before, describe, test } from "node:test";
import type { Api } from "../../test/support/api";
import { ISO_INSTANT, UUID, address, code, connect, freshUser, newUser, type TestUser } from "../../test/contract/users-fixtures";
import { uniqueWord, vodClip } from "../../test/contract/vod-fixtures";
import { KinoraError, createKinoraClient, formData, getToken, unwrap, type KinoraClient } from "../src/index";

const root = path.resolve(import.meta.dirname, "../..");

let api: Api;
let baseUrl: string;
/** A client with a public token (client_credentials): the public operations. */
let audience: KinoraClient;
before(async () => {
  ({ api } = await connect());
  baseUrl = api.url;
  const { access_token } = await getToken(baseUrl, { grant: { grant_type: "client_credentials" } });
  audience = createKinoraClient({ baseUrl, token: access_token });
});

const clientOf = (u: TestUser) => createKinoraClient({ baseUrl, token: u.access });

/** A thrown KinoraError of this status (unwrap's failure). */
async function refused(call: Promise<unknown>, status: number): Promise<KinoraError> {
  try {
    await call;
  } catch (err) {
    assert.ok(err instanceof KinoraError, String(err));
    assert.equal(err.status, status, err.message);
    return err;
  }
  assert.fail(`expected a ${status}`);
}

/** {timestamp, status, error, message, path} of the document's error body. */
function assertErrorBody(err: KinoraError, status: number, reason: string, message: string, urlPath: string): void {
  assert.equal(err.status, status);
  const { timestamp, ...rest } = err.body as { timestamp: string };
  assert.match(timestamp, ISO_INSTANT);
  assert.deepEqual(rest, { status, error: reason, message, path: urlPath });
}

describe("account", () => {
  test("a public token registers a user, the password grant logs it in, GET /api/user/me reads it, refresh_token renews", async () => {
    const pub = await getToken(baseUrl, { grant: { grant_type: "client_credentials" } });
    const { access_token: _a, jti: _j, expires_in, ...publicRest } = pub;
    assert.ok(expires_in > 0);
    assert.deepEqual(publicRest, { token_type: "bearer", scope: publicRest.scope }, "no refresh token for a public token");

    const userCode = code();
    const email = `${userCode}@example.test`;
    const password = "Secret-pass-1";
    const kinora = createKinoraClient({ baseUrl, token: pub.access_token });
    const registered = await unwrap(
      kinora.POST("/api/public/user/register", {
        body: {
          userCode,
          password,
          passwordConfirm: password,
          firstName: "Test",
          lastName: "User",
          birthDate: "15/06/1990",
          email,
          language: "en",
          conditionsAccepted: true,
        },
        // registration is limited per address: a fresh one, as the contract tests do
        headers: { "X-Forwarded-For": address() },
      }),
    );
    assert.deepEqual(registered, freshUser(userCode, email));

    const from = { "X-Forwarded-For": address() };
    const login = await getToken(baseUrl, { grant: { grant_type: "password", username: userCode, password }, headers: from });
    assert.equal(login.token_type, "bearer");
    assert.ok(login.refresh_token, "a private token comes with a refresh token");

    // the token as a function: asked before every request, so a caller may swap in a refreshed one
    let current = login.access_token;
    let asked = 0;
    const me = createKinoraClient({
      baseUrl,
      token: async () => {
        asked++;
        return current;
      },
    });
    assert.deepEqual(await unwrap(me.GET("/api/user/me")), freshUser(userCode, email));
    const renewed = await getToken(baseUrl, { grant: { grant_type: "refresh_token", refresh_token: login.refresh_token! }, headers: from });
    assert.notEqual(renewed.access_token, login.access_token);
    current = renewed.access_token;
    const { data, response } = await me.GET("/api/user/me");
    assert.equal(response.status, 200);
    assert.deepEqual(data, freshUser(userCode, email));
    assert.equal(asked, 2);

    // a refused grant is a KinoraError with the OAuth body
    const bad = await refused(
      getToken(baseUrl, { grant: { grant_type: "password", username: userCode, password: "wrong" }, headers: from }),
      400,
    );
    assert.equal(bad.code, "invalid_grant");
    assert.deepEqual(bad.body, { error: "invalid_grant", error_description: "Bad credentials" });
  });
});

describe("box, vod, bundles, marketplace", () => {
  let creator: TestUser;
  let kinora: KinoraClient;
  const word = uniqueWord("sdk");
  let boxId: string;
  before(async () => {
    creator = await newUser(api);
    kinora = clientOf(creator);
  });

  test("box: a multipart upload (file, title, tags), the box search finds it, GET /api/box/{boxId} until READY", async () => {
    const file = new File([readFileSync(vodClip())], "clip.mp4", { type: "video/mp4" });
    const uploaded = await unwrap(
      kinora.POST("/api/box", { body: { file, title: `Clip ${word}`, tag: ["sdk", word] }, bodySerializer: formData }),
    );
    boxId = uploaded.boxId;
    assert.match(boxId, UUID);
    assert.equal(uploaded.title, `Clip ${word}`);
    assert.deepEqual(uploaded.tags, ["sdk", word]);
    assert.equal(uploaded.source, "UPLOAD");
    assert.equal(uploaded.vodCount, 0);

    const page = await unwrap(kinora.POST("/api/search/box/contents", { body: { pageSize: 10 } }));
    assert.deepEqual(
      { ...page, items: page.items.map((i) => i.boxId) },
      { pageSize: 10, pageIndex: 0, totalCount: 1, pageCount: 1, items: [boxId] },
    );

    const deadline = Date.now() + 180_000;
    let item = await unwrap(kinora.GET("/api/box/{boxId}", { params: { path: { boxId } } }));
    while (item.status === "PROCESSING" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      item = await unwrap(kinora.GET("/api/box/{boxId}", { params: { path: { boxId } } }));
    }
    assert.equal(item.status, "READY", JSON.stringify(item));
    assert.match(item.duration, /^\d+:\d{2}$/);
    assert.equal(item.progress, 100);
    assert.equal(item.contentId, uploaded.contentId);
  });

  test("vod: publish FREE, the public vod search and the public read find it with its publisher", async () => {
    assert.ok(boxId, "the box test ran");
    const vod = await unwrap(kinora.POST("/api/box/{boxId}/vod", { params: { path: { boxId } }, body: { licenseType: "FREE" } }));
    assert.match(vod.vodId, UUID);
    assert.equal(vod.boxId, boxId);
    assert.equal(vod.licenseType, "FREE");
    assert.equal(vod.public, true);

    const found = await unwrap(audience.POST("/api/public/search/vod/contents", { body: { queryString: word } }));
    assert.equal(found.totalCount, 1);
    assert.equal(found.items[0]!.vodId, vod.vodId);
    const read = await unwrap(audience.GET("/api/public/vod/{vodId}", { params: { path: { vodId: vod.vodId } } }));
    assert.deepEqual(read, { ...vod, publisher: { userCode: creator.userCode, licenseExpired: false }, views: 0 });
  });

  test("bundles: create, insert the item, the private and the public bundle search find it", async () => {
    assert.ok(boxId, "the box test ran");
    const bundle = await unwrap(
      kinora.POST("/api/contentbundle", { body: { name: `Bundle ${word}`, price: "4,90", duration: 1, durationUnit: "MONTHS" } }),
    );
    assert.match(bundle.bundleId, UUID);
    assert.equal(bundle.price, "4,90");
    const withItem = await unwrap(
      kinora.POST("/api/contentbundle/{bundleId}/items/insert", {
        params: { path: { bundleId: bundle.bundleId } },
        body: { sourceItems: [{ boxId }], index: 0 },
      }),
    );
    assert.deepEqual(
      withItem.items.map((i) => i.boxId),
      [boxId],
    );
    assert.equal(withItem.bundle.itemCount, 1);

    const mine = await unwrap(kinora.POST("/api/search/contentbundles", { body: { queryString: word } }));
    assert.deepEqual(
      mine.items.map((b) => b.bundleId),
      [bundle.bundleId],
    );
    const found = await unwrap(audience.POST("/api/public/search/contentbundles", { body: { queryString: word } }));
    assert.deepEqual(
      found.items.map((b) => [b.bundleId, b.publisher]),
      [[bundle.bundleId, { userCode: creator.userCode, licenseExpired: false }]],
    );
  });

  test("marketplace: offer the item, the public marketplace search finds it with its conditions", async () => {
    assert.ok(boxId, "the box test ran");
    const offer = await unwrap(
      kinora.POST("/api/box/{boxId}/marketplace", {
        params: { path: { boxId } },
        body: { licenseType: "FREE", download: true, duration: 7, durationUnit: "DAYS" },
      }),
    );
    assert.match(offer.marketplaceId, UUID);
    assert.deepEqual(offer.conditions, { licenseType: "FREE", download: true, duration: 7, durationUnit: "DAYS" });
    const found = await unwrap(audience.POST("/api/public/search/marketplace/contents", { body: { queryString: word } }));
    assert.deepEqual(
      found.items.map((m) => [m.marketplaceId, m.boxId, m.conditions]),
      [[offer.marketplaceId, boxId, offer.conditions]],
    );
  });
});

describe("live and cast", () => {
  let owner: TestUser;
  let kinora: KinoraClient;
  before(async () => {
    owner = await newUser(api);
    kinora = clientOf(owner);
  });

  test("live: a free stream path, a channel, the user's channel search, delete", async () => {
    const name = `Live ${uniqueWord()}`;
    const { streamPath } = await unwrap(kinora.GET("/api/public/live/streampath", { params: { query: { base: name } } }));
    const channel = await unwrap(kinora.POST("/api/live/channel", { body: { name, streamPath, tags: ["sdk"] } }));
    assert.match(channel.channelId, UUID);
    assert.deepEqual(
      { ...channel, channelId: undefined, streamingBaseUrl: undefined },
      { name, streamPath, tags: ["sdk"], public: true, channelId: undefined, streamingBaseUrl: undefined },
    );
    assert.match(channel.streamingBaseUrl, /^rtmp:\/\//);
    const mine = await unwrap(kinora.POST("/api/search/live/channels", { body: {} }));
    assert.deepEqual(mine.items, [channel]);
    const { response } = await kinora.DELETE("/api/live/channel/{channelId}", { params: { path: { channelId: channel.channelId } } });
    assert.equal(response.status, 204);
    assert.equal((await unwrap(kinora.POST("/api/search/live/channels", { body: {} }))).totalCount, 0);
  });

  test("cast: a channel, a day saved with a break, the day read back", async () => {
    const name = `Cast ${uniqueWord()}`;
    const { streamPath } = await unwrap(kinora.GET("/api/public/cast/streampath", { params: { query: { base: name } } }));
    const channel = await unwrap(kinora.POST("/api/cast/channel", { body: { name, streamPath } }));
    assert.match(channel.channelId, UUID);
    assert.equal(channel.locked, false);
    assert.equal(channel.streamPath, streamPath);

    // a day well ahead, in UTC (no X-Service-timezone header)
    const day = new Date(Date.now() + 10 * 86_400_000);
    const yyyyMMdd = day.toISOString().slice(0, 10).replace(/-/g, "");
    const ddMMyyyy = `${yyyyMMdd.slice(6, 8)}/${yyyyMMdd.slice(4, 6)}/${yyyyMMdd.slice(0, 4)}`;
    const path = { channelId: channel.channelId, date: yyyyMMdd };
    const empty = await unwrap(kinora.GET("/api/cast/channel/{channelId}/dailyprogramming/{date}", { params: { path } }));
    assert.deepEqual(empty, { programsCount: 0, channel, targetDate: ddMMyyyy, programs: [] });

    const saved = await unwrap(
      kinora.POST("/api/cast/channel/{channelId}/dailyprogramming/{yyyyMMdd}", {
        params: { path: { channelId: channel.channelId, yyyyMMdd } },
        body: {
          programs: [
            {
              programType: "BREAK",
              title: "Station break",
              startDate: { date: ddMMyyyy, time: "10:00:00" },
              endDate: { date: ddMMyyyy, time: "10:30:00" },
            },
          ],
        },
      }),
    );
    const read = await unwrap(kinora.GET("/api/cast/channel/{channelId}/dailyprogramming/{date}", { params: { path } }));
    assert.deepEqual(read, saved);
    assert.equal(read.programsCount, 1);
    assert.deepEqual(read.startDateMin, { date: ddMMyyyy, time: "10:00:00" });
    assert.deepEqual(read.endDateMax, { date: ddMMyyyy, time: "10:30:00" });
    const program = read.programs[0]!;
    assert.deepEqual(
      { title: program.title, startDate: program.startDate, endDate: program.endDate },
      { title: "Station break", startDate: { date: ddMMyyyy, time: "10:00:00" }, endDate: { date: ddMMyyyy, time: "10:30:00" } },
    );
  });
});

describe("webhooks and API keys", () => {
  test("webhooks: create (the secret once), list, deliveries, delete", async () => {
    const kinora = clientOf(await newUser(api));
    const made = await unwrap(
      kinora.POST("/api/webhooks", { body: { url: "https://hooks.example.test/kinora", events: ["vod.published"], description: "sdk" } }),
    );
    const { webhookId, secret, createdAt, ...rest } = made;
    assert.match(webhookId, UUID);
    assert.ok(secret, "the secret is shown on creation");
    assert.match(secret, /^whsec_/);
    assert.match(createdAt, ISO_INSTANT);
    assert.deepEqual(rest, {
      url: "https://hooks.example.test/kinora",
      events: ["vod.published"],
      description: "sdk",
      enabled: true,
      disabledAt: null,
      disabledReason: null,
    });
    assert.deepEqual(await unwrap(kinora.GET("/api/webhooks")), [{ webhookId, createdAt, ...rest }]);
    const deliveries = await unwrap(kinora.GET("/api/webhooks/{webhookId}/deliveries", { params: { path: { webhookId } } }));
    assert.deepEqual(deliveries, []);
    const { response } = await kinora.DELETE("/api/webhooks/{webhookId}", { params: { path: { webhookId } } });
    assert.equal(response.status, 204);
    assert.deepEqual(await unwrap(kinora.GET("/api/webhooks")), []);
  });

  test("API keys: create, use as apiKey within its scope, 403 insufficient_scope outside it, revoke, 401 after", async () => {
    const owner = await newUser(api);
    const kinora = clientOf(owner);
    const made = await unwrap(kinora.POST("/api/user/me/api-keys", { body: { name: "sdk", scopes: ["box:read"] } }));
    const key = made.key;
    assert.ok(key, "the key is shown on creation");
    assert.match(key, /^kin_[A-Za-z0-9_-]{43}$/);
    assert.deepEqual(made.scopes, ["box:read"]);
    const listed = await unwrap(kinora.GET("/api/user/me/api-keys"));
    assert.deepEqual(
      listed.map((k) => [k.keyId, k.prefix, "key" in k]),
      [[made.keyId, key.slice(0, 12), false]],
    );

    const byKey = createKinoraClient({ baseUrl, apiKey: key });
    const page = await unwrap(byKey.POST("/api/search/box/contents", { body: { pageSize: 5 } }));
    assert.deepEqual(page, { pageSize: 5, pageIndex: 0, totalCount: 0, pageCount: 0, items: [] });

    // without unwrap: the typed error of the answer
    const { data, error, response } = await byKey.POST("/api/live/channel", { body: { name: "no", streamPath: "no-scope" } });
    assert.equal(data, undefined);
    assert.equal(response.status, 403);
    assert.match(response.headers.get("www-authenticate") ?? "", /^Bearer error="insufficient_scope"/);
    assert.deepEqual(error, {
      error: "insufficient_scope",
      error_description: "The API key lacks the scope live:write",
      scope: "live:write",
    });
    // with unwrap: a KinoraError, whose code says why
    const denied = await refused(unwrap(byKey.GET("/api/user/me")), 403);
    assert.equal(denied.code, "insufficient_scope");

    const revoked = await kinora.DELETE("/api/user/me/api-keys/{keyId}", { params: { path: { keyId: made.keyId } } });
    assert.equal(revoked.response.status, 204);
    const gone = await refused(unwrap(byKey.POST("/api/search/box/contents", { body: { pageSize: 5 } })), 401);
    assert.equal(gone.code, "invalid_token");
    assert.deepEqual(await unwrap(kinora.GET("/api/user/me/api-keys")), []);
  });
});

describe("errors", () => {
  test("404 and 400 bodies through the typed error and KinoraError; 401 without a token", async () => {
    const kinora = clientOf(await newUser(api));
    const boxId = randomUUID();
    const { error, response } = await kinora.GET("/api/box/{boxId}", { params: { path: { boxId } } });
    assert.equal(response.status, 404);
    assert.ok(error && "message" in error, JSON.stringify(error));
    assert.equal(error.path, `/api/box/${boxId}`);
    const missing = await refused(unwrap(kinora.GET("/api/box/{boxId}", { params: { path: { boxId } } })), 404);
    assertErrorBody(missing, 404, "Not Found", (error as { message: string }).message, `/api/box/${boxId}`);
    assert.equal(missing.message, `404 Not Found: ${(error as { message: string }).message}`);
    assert.deepEqual(missing.fieldErrors, []);

    const invalid = await refused(unwrap(kinora.POST("/api/live/channel", { body: { name: "", streamPath: "X" } })), 400);
    assert.deepEqual(invalid.fieldErrors.map((e) => e.field).sort(), ["name", "streamPath"]);
    assert.equal((invalid.body as { message: string }).message, "Validation failed: 2 invalid field(s)");

    const anonymous = await refused(unwrap(createKinoraClient({ baseUrl }).GET("/api/user/me")), 401);
    assert.deepEqual(anonymous.body, {
      error: "unauthorized",
      error_description: "Full authentication is required to access this resource",
    });
    assert.equal(anonymous.code, "unauthorized");
  });
});

describe("the generated files", () => {
  test("sdk/openapi.json and sdk/src/schema.ts are what scripts/sdk-generate.ts makes of the route tables", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/sdk-generate.ts", "--check"], { cwd: root, encoding: "utf8" });
    assert.equal(run.status, 0, run.stdout + run.stderr);
  });

  test("the server's document is of the SDK's version", async () => {
    // what a client can check at run time; that the rest matches the route tables is the check above
    const served = (await unwrap(audience.GET("/api/public/openapi.json"))) as { openapi?: string; info?: { version?: string } };
    const sdk = JSON.parse(readFileSync(path.join(root, "sdk/package.json"), "utf8")) as { version: string };
    assert.equal(served.openapi, "3.1.0");
    assert.equal(served.info?.version, sdk.version);
  });
});
