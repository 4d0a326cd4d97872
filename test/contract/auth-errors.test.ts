// Every row of the document's Errors table (interface.md "Errors") and how an access token reaches
// the API (Authorization: Bearer or the access_token query parameter, supplement §3), over real HTTP.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { Api, type ApiResponse } from "../support/api";
import { address, newUser, sleep } from "./users-fixtures";
import { sharedKinora, startOwnKinora, type Kinora } from "../support/server";

function assertNoStore(res: ApiResponse): void {
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.equal(res.headers.get("pragma"), "no-cache");
}

/** 401 invalid_token of the resource server: realm oauth2-resource, description echoing the token. */
function assertInvalidAccessToken(res: ApiResponse, description: string): void {
  assert.equal(res.status, 401, res.text);
  assert.deepEqual(res.body, { error: "invalid_token", error_description: description });
  assert.equal(
    res.headers.get("www-authenticate"),
    `Bearer realm="oauth2-resource", error="invalid_token", error_description="${description}"`,
  );
  assertNoStore(res);
}

let api: Api;
let url: string;
before(async () => {
  url = (await sharedKinora()).url;
  api = new Api(url);
});

describe("Errors table: the resource server", () => {
  test("API called without an access token: 401 unauthorized", async () => {
    const res = await api.get("/api/user/me");
    const description = "Full authentication is required to access this resource";
    assert.equal(res.status, 401, res.text);
    assert.deepEqual(res.body, { error: "unauthorized", error_description: description });
    assert.equal(
      res.headers.get("www-authenticate"),
      `Bearer realm="oauth2-resource", error="unauthorized", error_description="${description}"`,
    );
    assertNoStore(res);
  });

  test("access token invalid: 401 invalid_token, with the token in the description", async () => {
    assertInvalidAccessToken(await api.get("/api/user/me", { token: "not-a-token" }), "Invalid access token: not-a-token");
    // a well-formed token whose signature does not match
    const { access } = await newUser(api);
    const [head, payload, signature] = access.split(".");
    const forged = `${head}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith("AA") ? "BB" : "AA"}`;
    assertInvalidAccessToken(await api.get("/api/user/me", { token: forged }), `Invalid access token: ${forged}`);
  });

  test("private API called with a public token: 403 access_denied", async () => {
    const res = await api.get("/api/user/me", { token: await api.publicToken() });
    assert.equal(res.status, 403, res.text);
    assert.deepEqual(res.body, { error: "access_denied", error_description: "Access is denied" });
    assert.equal(res.headers.get("www-authenticate"), null);
  });

  test("public API accepts a private token too", async () => {
    const { access } = await newUser(api);
    const userCode = `r${randomBytes(5).toString("hex")}`;
    const res = await api.post(
      "/api/public/user/register",
      {
        userCode,
        password: "Secret-pass-1",
        passwordConfirm: "Secret-pass-1",
        firstName: "A",
        lastName: "B",
        birthDate: "01/01/1990",
        email: `${userCode}@example.test`,
        language: "en",
        conditionsAccepted: true,
      },
      { token: access, headers: { "X-Forwarded-For": address() } },
    );
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.userCode, userCode);
  });
});

describe("the access token as query parameter access_token", () => {
  test("works instead of the Authorization header, and is checked the same way", async () => {
    const u = await newUser(api);
    const ok = await api.get(`/api/user/me?access_token=${encodeURIComponent(u.access)}`);
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.userCode, u.userCode);
    assertInvalidAccessToken(await api.get("/api/user/me?access_token=garbage"), "Invalid access token: garbage");
    const denied = await api.get(`/api/user/me?access_token=${encodeURIComponent(await api.publicToken())}`);
    assert.equal(denied.status, 403, denied.text);
    assert.equal(denied.body.error, "access_denied");
  });
});

describe("Errors table: expired tokens (access 2 s, refresh 1 s)", () => {
  // iat has one-second resolution, so a 2 s token lives 1 to 2 s: long enough to register and log in
  let server: Kinora;
  let shortApi: Api;
  before(async () => {
    server = await startOwnKinora({ ACCESS_TOKEN_TTL: "2", REFRESH_TOKEN_TTL: "1" });
    shortApi = new Api(server.url);
  });
  after(() => server.stop());

  /** Registration needs a public token that lives 1-2 s here: on a loaded machine it may expire first; try again. */
  async function shortLivedUser() {
    for (let attempt = 1; ; attempt++) {
      try {
        return await newUser(shortApi);
      } catch (err) {
        if (attempt >= 5 || !/expired/i.test(String(err))) throw err;
      }
    }
  }

  test("access token expired (and used again): 401 invalid_token saying it expired", async () => {
    const u = await shortLivedUser();
    const publicToken = await shortApi.publicToken();
    await sleep(3200);
    for (const token of [u.access, publicToken]) {
      const description = `Access token expired: ${token}`;
      assertInvalidAccessToken(await shortApi.get("/api/user/me", { token }), description);
      assertInvalidAccessToken(await shortApi.get("/api/user/me", { token }), description);
    }
  });

  test("refresh token expired: 401 invalid_token, Bearer challenge without realm", async () => {
    const u = await shortLivedUser();
    await sleep(1500);
    const res = await shortApi.token({ grant_type: "refresh_token", refresh_token: u.refresh });
    const description = `Invalid refresh token: ${u.refresh}`;
    assert.equal(res.status, 401, res.text);
    assert.deepEqual(res.body, { error: "invalid_token", error_description: description });
    assert.equal(res.headers.get("www-authenticate"), `Bearer error="invalid_token", error_description="${description}"`);
    assertNoStore(res);
  });
});

describe("Errors table: the token endpoint", () => {
  test("refresh token invalid: 401 invalid_token, Bearer challenge without realm", async () => {
    const res = await api.token({ grant_type: "refresh_token", refresh_token: "made-up" });
    assert.equal(res.status, 401, res.text);
    assert.deepEqual(res.body, { error: "invalid_token", error_description: "Invalid refresh token: made-up" });
    assert.equal(res.headers.get("www-authenticate"), 'Bearer error="invalid_token", error_description="Invalid refresh token: made-up"');
    assertNoStore(res);
  });

  test("bad client credentials: 401, Basic realm oauth2/client, no-cache headers, {timestamp,status,error,message,path}", async () => {
    const res = await api.token({ grant_type: "client_credentials" }, { id: "www", secret: "wrong" });
    assert.equal(res.status, 401, res.text);
    assert.equal(res.headers.get("www-authenticate"), 'Basic realm="oauth2/client"');
    assertNoStore(res);
    const { timestamp, ...rest } = res.body;
    assert.deepEqual(rest, { status: 401, error: "Unauthorized", message: "Bad credentials", path: "/oauth/token" });
    assert.equal(typeof timestamp, "string");
    assert.ok(!Number.isNaN(Date.parse(timestamp)), timestamp);
  });

  test("bad user credentials: 400 invalid_grant Bad credentials", async () => {
    const u = await newUser(api);
    const res = await fetch(`${url}/oauth/token`, {
      method: "POST",
      headers: { Authorization: "Basic d3d3Og==", "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": address() },
      body: new URLSearchParams({ grant_type: "password", username: u.userCode, password: "not-the-password" }).toString(),
    });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: "invalid_grant", error_description: "Bad credentials" });
    assert.equal(res.headers.get("cache-control"), "no-store");
    assert.equal(res.headers.get("www-authenticate"), null);
  });
});
