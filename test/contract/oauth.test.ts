// POST /oauth/token over real HTTP: the three grants, client authentication, refresh-token rotation,
// replay detection, concurrent refreshes, confidential clients made by `npm run client:create`, and
// the rate limit of the password grant (interface.md "Authentication", supplement §3 and §4).
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Api, type ApiResponse } from "../support/api";
import { address, newUser, sleep } from "./users-fixtures";
import { sharedKinora, startKinora, startOwnKinora, type Kinora } from "../support/server";

const root = path.resolve(import.meta.dirname, "../..");
const ACCESS_TTL = Number(process.env.ACCESS_TOKEN_TTL ?? 3600);
const MAX_FAILURES = Number(process.env.LOGIN_MAX_FAILURES ?? 5);
const USER_MAX_FAILURES = Number(process.env.LOGIN_USER_MAX_FAILURES ?? 100);
const WINDOW = Number(process.env.LOGIN_WINDOW_SECONDS ?? 900);
const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const REFRESH = /^[\w-]{43}$/;

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
/** A fresh caller address (X-Forwarded-For), so counters of one test never touch another's. */

/** POST /oauth/token with full control of headers (an empty header value leaves the header out) and body. */
async function postToken(url: string, form: Record<string, string> | string, headers: Record<string, string> = {}): Promise<ApiResponse> {
  const all: Record<string, string> = {
    Authorization: basic("www", ""),
    "Content-Type": "application/x-www-form-urlencoded",
    Accept: "application/json",
    ...headers,
  };
  for (const [k, v] of Object.entries(all)) if (v === "") delete all[k];
  const res = await fetch(`${url}/oauth/token`, {
    method: "POST",
    headers: all,
    body: typeof form === "string" ? form : new URLSearchParams(form).toString(),
  });
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text };
}

const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString("utf8"));

function assertTokenHeaders(res: ApiResponse): void {
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.equal(res.headers.get("pragma"), "no-cache");
  assert.equal(res.headers.get("x-content-type-options"), "nosniff");
  assert.equal(res.headers.get("x-frame-options"), "DENY");
  assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
}

function assertTokenBody(res: ApiResponse, kind: "public" | "private", clientId = "www"): void {
  assert.equal(res.status, 200, res.text);
  assertTokenHeaders(res);
  const expected = ["access_token", "expires_in", "jti", "scope", "token_type", ...(kind === "private" ? ["refresh_token"] : [])];
  assert.deepEqual(Object.keys(res.body).sort(), expected.sort());
  assert.equal(res.body.token_type, "bearer");
  assert.equal(res.body.scope, "all");
  assert.equal(res.body.expires_in, ACCESS_TTL);
  assert.match(res.body.access_token, JWT);
  assert.match(res.body.jti, UUID);
  const c = claims(res.body.access_token);
  assert.equal(c.jti, res.body.jti);
  assert.equal(c.cid, clientId);
  assert.equal(c.scp, kind);
  if (kind === "private") assert.match(res.body.refresh_token, REFRESH);
  else assert.equal(c.sub, undefined);
}

function assertOAuthError(res: ApiResponse, status: number, error: string, description: string): void {
  assert.equal(res.status, status, res.text);
  assert.deepEqual(res.body, { error, error_description: description });
  assertTokenHeaders(res);
}

function assertBadClient(res: ApiResponse, message = "Bad credentials", path = "/oauth/token"): void {
  assert.equal(res.status, 401, res.text);
  assert.equal(res.headers.get("www-authenticate"), 'Basic realm="oauth2/client"');
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.equal(res.headers.get("pragma"), "no-cache");
  assert.deepEqual(Object.keys(res.body).sort(), ["error", "message", "path", "status", "timestamp"]);
  assert.equal(res.body.status, 401);
  assert.equal(res.body.error, "Unauthorized");
  assert.equal(res.body.message, message);
  assert.equal(res.body.path, path);
  assert.ok(!Number.isNaN(Date.parse(res.body.timestamp)), res.body.timestamp);
}

function assertInvalidRefresh(res: ApiResponse, token: string): void {
  const description = `Invalid refresh token: ${token}`;
  assertOAuthError(res, 401, "invalid_token", description);
  assert.equal(res.headers.get("www-authenticate"), `Bearer error="invalid_token", error_description="${description}"`);
}

async function me(api: Api, access: string): Promise<ApiResponse> {
  return api.get("/api/user/me", { token: access });
}

let api: Api;
let url: string;
before(async () => {
  url = (await sharedKinora()).url;
  api = new Api(url);
});

describe("client_credentials grant", () => {
  test("the public client www (Basic d3d3Og==) gets a public token", async () => {
    const res = await postToken(url, { grant_type: "client_credentials" }, { Authorization: "Basic d3d3Og==" });
    assertTokenBody(res, "public");
    const again = await postToken(url, { grant_type: "client_credentials" });
    assert.notEqual(again.body.jti, res.body.jti);
  });

  test("a client_id repeated in the form body is accepted when it names the same client", async () => {
    assertTokenBody(await postToken(url, { grant_type: "client_credentials", client_id: "www" }), "public");
    assertBadClient(await postToken(url, { grant_type: "client_credentials", client_id: "other" }));
  });

  test("the path also answers with a trailing slash", async () => {
    const res = await fetch(`${url}/oauth/token/`, {
      method: "POST",
      headers: { Authorization: basic("www", ""), "Content-Type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
      redirect: "manual",
    });
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal((await res.json()).token_type, "bearer");
  });
});

describe("client authentication", () => {
  test("a wrong secret, an unknown client or a malformed header: 401 with the Basic challenge", async () => {
    assertBadClient(await postToken(url, { grant_type: "client_credentials" }, { Authorization: basic("www", "not-empty") }));
    assertBadClient(await postToken(url, { grant_type: "client_credentials" }, { Authorization: basic("nobody", "") }));
    assertBadClient(await postToken(url, { grant_type: "client_credentials" }, { Authorization: "Basic !!!" }));
    // the client is checked before the user: bad client with good-looking user credentials is still 401
    assertBadClient(
      await postToken(url, { grant_type: "password", username: "x", password: "y" }, { Authorization: basic("nobody", "s") }),
    );
  });

  test("no client credentials at all: 401 asking for authentication", async () => {
    assertBadClient(
      await postToken(url, { grant_type: "client_credentials" }, { Authorization: "" }),
      "Full authentication is required to access this resource",
    );
  });
});

describe("request errors", () => {
  test("missing or unsupported grant_type", async () => {
    const missing = await postToken(url, {});
    assertOAuthError(missing, 400, "invalid_request", "Missing grant type");
    assert.equal(missing.headers.get("www-authenticate"), null);
    assertOAuthError(
      await postToken(url, { grant_type: "authorization_code" }),
      400,
      "unsupported_grant_type",
      "Unsupported grant type: authorization_code",
    );
  });

  test("missing parameters and repeated parameters are invalid_request", async () => {
    assertOAuthError(
      await postToken(url, { grant_type: "password", username: "someone" }),
      400,
      "invalid_request",
      "Missing parameter: password",
    );
    assertOAuthError(
      await postToken(url, { grant_type: "password", password: "x" }),
      400,
      "invalid_request",
      "Missing parameter: username",
    );
    assertOAuthError(await postToken(url, { grant_type: "refresh_token" }), 400, "invalid_request", "Missing parameter: refresh_token");
    assertOAuthError(
      await postToken(url, "grant_type=client_credentials&grant_type=password"),
      400,
      "invalid_request",
      "Repeated parameter: grant_type",
    );
  });

  test("GET is not allowed", async () => {
    const res = await api.get("/oauth/token");
    assert.equal(res.status, 405);
    assert.equal(res.headers.get("allow"), "POST");
    assert.equal(res.body.status, 405);
    assert.equal(res.body.path, "/oauth/token");
  });
});

describe("password grant", () => {
  test("a private token and a refresh token, by userCode (any case) or by email", async () => {
    const u = await newUser(api);
    const res = await postToken(url, { grant_type: "password", username: u.userCode, password: u.password });
    assertTokenBody(res, "private");
    const mine = await me(api, res.body.access_token);
    assert.equal(mine.status, 200, mine.text);
    assert.equal(mine.body.userCode, u.userCode);
    assert.equal(claims(res.body.access_token).sub, claims(u.access).sub);

    assertTokenBody(await postToken(url, { grant_type: "password", username: u.userCode.toUpperCase(), password: u.password }), "private");
    assertTokenBody(await postToken(url, { grant_type: "password", username: u.email.toUpperCase(), password: u.password }), "private");
  });

  test("a wrong password or an unknown user: 400 invalid_grant Bad credentials", async () => {
    const u = await newUser(api);
    const wrong = await postToken(
      url,
      { grant_type: "password", username: u.userCode, password: "wrong-password" },
      { "X-Forwarded-For": address() },
    );
    assertOAuthError(wrong, 400, "invalid_grant", "Bad credentials");
    assert.equal(wrong.headers.get("www-authenticate"), null);
    const unknown = await postToken(
      url,
      { grant_type: "password", username: `nobody-${randomBytes(4).toString("hex")}`, password: u.password },
      { "X-Forwarded-For": address() },
    );
    assertOAuthError(unknown, 400, "invalid_grant", "Bad credentials");
  });

  test("a pending (not activated) account is refused, and only after the right password", async () => {
    const userCode = `p${randomBytes(5).toString("hex")}`;
    const password = "Secret-pass-1";
    const reg = await api.post(
      "/api/public/user/register",
      {
        userCode,
        password,
        passwordConfirm: password,
        firstName: "Pending",
        lastName: "User",
        birthDate: "01/02/1990",
        email: `${userCode}@example.test`,
        language: "en",
        conditionsAccepted: true,
        activationUrl: `${api.url}/activate?token=\${token}`,
      },
      { token: await api.publicToken(), headers: { "X-Forwarded-For": address() } },
    );
    assert.equal(reg.status, 201, reg.text);
    const res = await postToken(url, { grant_type: "password", username: userCode, password }, { "X-Forwarded-For": address() });
    assertOAuthError(res, 400, "invalid_grant", "User account is not activated: follow the link in the activation mail");
    const wrong = await postToken(
      url,
      { grant_type: "password", username: userCode, password: "wrong-password" },
      { "X-Forwarded-For": address() },
    );
    assertOAuthError(wrong, 400, "invalid_grant", "Bad credentials");
  });

  test("a disabled account is refused, and its refresh tokens stop working", async () => {
    const u = await newUser(api);
    const disabled = await api.post("/api/user/me/disable", undefined, { token: u.access });
    assert.equal(disabled.status, 204, disabled.text);
    const res = await postToken(
      url,
      { grant_type: "password", username: u.userCode, password: u.password },
      { "X-Forwarded-For": address() },
    );
    assertOAuthError(res, 400, "invalid_grant", "User is disabled");
    assertInvalidRefresh(await postToken(url, { grant_type: "refresh_token", refresh_token: u.refresh }), u.refresh);
  });
});

describe("refresh_token grant", () => {
  test("a new private token and a new refresh token", async () => {
    const u = await newUser(api);
    const res = await postToken(url, { grant_type: "refresh_token", refresh_token: u.refresh });
    assertTokenBody(res, "private");
    assert.notEqual(res.body.refresh_token, u.refresh);
    const mine = await me(api, res.body.access_token);
    assert.equal(mine.status, 200, mine.text);
    assert.equal(mine.body.userCode, u.userCode);
  });

  test("an unknown refresh token: 401 invalid_token, Bearer challenge without realm", async () => {
    assertInvalidRefresh(
      await postToken(url, { grant_type: "refresh_token", refresh_token: "not-a-refresh-token" }),
      "not-a-refresh-token",
    );
  });

  test("two concurrent refreshes with the same token both succeed, with tokens of the same family", async () => {
    const u = await newUser(api);
    const [a, b] = await Promise.all([
      postToken(url, { grant_type: "refresh_token", refresh_token: u.refresh }),
      postToken(url, { grant_type: "refresh_token", refresh_token: u.refresh }),
    ]);
    assertTokenBody(a!, "private");
    assertTokenBody(b!, "private");
    assert.notEqual(a!.body.refresh_token, b!.body.refresh_token);
    for (const r of [a!, b!]) {
      assert.equal((await me(api, r.body.access_token)).status, 200);
      assertTokenBody(await postToken(url, { grant_type: "refresh_token", refresh_token: r.body.refresh_token }), "private");
    }
  });
});

describe("refresh token rotation and replay (grace 1 s)", () => {
  let server: Kinora;
  let privateApi: Api;
  before(async () => {
    server = await startOwnKinora({ REFRESH_GRACE_SECONDS: "1" });
    privateApi = new Api(server.url);
  });
  after(() => server.stop());

  const refresh = (token: string) => postToken(server.url, { grant_type: "refresh_token", refresh_token: token });

  test("every use rotates: the new token works, the old one fails once the grace has passed", async () => {
    const u = await newUser(privateApi);
    const first = await refresh(u.refresh);
    assertTokenBody(first, "private");
    const second = await refresh(first.body.refresh_token);
    assertTokenBody(second, "private");
    assert.equal((await me(privateApi, second.body.access_token)).status, 200);
    await sleep(1500);
    assertInvalidRefresh(await refresh(u.refresh), u.refresh);
  });

  test("a replayed token revokes its whole family, the latest token included; other logins live on", async () => {
    const u = await newUser(privateApi);
    const other = await privateApi.login(u.userCode, u.password);
    const rotated = await refresh(u.refresh);
    assertTokenBody(rotated, "private");
    await sleep(1500);
    assertInvalidRefresh(await refresh(u.refresh), u.refresh);
    assertInvalidRefresh(await refresh(rotated.body.refresh_token), rotated.body.refresh_token);
    assertTokenBody(await refresh(other.refresh), "private");
  });

  test("the access tokens of a revoked family end with it, at once; another login's go on", async () => {
    const u = await newUser(privateApi);
    const other = await privateApi.login(u.userCode, u.password);
    const rotated = await refresh(u.refresh);
    assert.equal((await me(privateApi, u.access)).status, 200);
    assert.equal((await me(privateApi, rotated.body.access_token)).status, 200);
    await sleep(1500);
    assertInvalidRefresh(await refresh(u.refresh), u.refresh); // the replay revokes the family
    for (const token of [u.access, rotated.body.access_token]) {
      const res = await me(privateApi, token);
      assert.equal(res.status, 401, res.text);
      assert.equal(res.body.error, "invalid_token");
    }
    assert.equal((await me(privateApi, other.access)).status, 200);
  });
});

describe("confidential client made by npm run client:create", () => {
  const clientId = `app-${randomBytes(4).toString("hex")}`;
  const machineId = `svc-${randomBytes(4).toString("hex")}`; // allowed client_credentials only
  let secret: string;
  let machineSecret: string;
  let server: Kinora | undefined;
  let target: string;

  const createClient = async (dataDir: string, id: string, ...extra: string[]) => {
    const { stdout } = await promisify(execFile)("npm", ["run", "client:create", "--", "--id", id, "--name", "Test app", ...extra], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
    });
    return /client_secret: (\S+)/.exec(stdout)?.[1] ?? "";
  };

  before(async () => {
    // PostgreSQL: the script and the running server share the database. PGlite belongs to one
    // process: stop a server, create the clients in its DATA_DIR, start it again on the same DATA_DIR.
    const stopped = process.env.DATABASE_URL ? undefined : await startKinora();
    await stopped?.stop();
    const dataDir = stopped?.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "kinora-client-"));
    secret = await createClient(dataDir, clientId, "--origin", "https://site.example", "--origin", "http://cms.example:8080");
    await assert.rejects(createClient(dataDir, `bad-${clientId}`, "--origin", "https://site.example/path"), /--origin must be/);
    machineSecret = await createClient(dataDir, machineId, "--grants", "client_credentials");
    await assert.rejects(createClient(dataDir, clientId), /already exists/);
    server = stopped && (await startKinora({ DATA_DIR: stopped.dataDir }));
    target = server?.url ?? url;
    assert.match(secret, REFRESH, "the script prints the generated secret");
    assert.notEqual(machineSecret, secret);
  });
  after(() => server?.stop());

  test("a client limited to some grants is refused the others", async () => {
    const headers = { Authorization: basic(machineId, machineSecret) };
    assertTokenBody(await postToken(target, { grant_type: "client_credentials" }, headers), "public", machineId);
    const u = await newUser(new Api(target));
    const res = await postToken(target, { grant_type: "password", username: u.userCode, password: u.password }, headers);
    assertOAuthError(res, 400, "unauthorized_client", "Unauthorized grant type: password");
  });

  const as = (secretToUse: string) => ({ Authorization: basic(clientId, secretToUse) });

  test("its secret gets public and private tokens", async () => {
    assertTokenBody(await postToken(target, { grant_type: "client_credentials" }, as(secret)), "public", clientId);
    const u = await newUser(new Api(target));
    assertTokenBody(
      await postToken(target, { grant_type: "password", username: u.userCode, password: u.password }, as(secret)),
      "private",
      clientId,
    );
  });

  test("a wrong or empty secret is refused", async () => {
    assertBadClient(await postToken(target, { grant_type: "client_credentials" }, as(`${secret}x`)));
    assertBadClient(await postToken(target, { grant_type: "client_credentials" }, as("")));
  });

  test("its mail links may point to its registered origins only", async () => {
    const token = (await postToken(target, { grant_type: "client_credentials" }, as(secret))).body.access_token as string;
    const register = (activationUrl: string) => {
      const userCode = `o${randomBytes(5).toString("hex")}`;
      const body = { userCode, password: "Secret-pass-1", passwordConfirm: "Secret-pass-1", firstName: "O", lastName: "K" };
      const rest = { birthDate: "01/02/1990", email: `${userCode}@example.test`, language: "en", conditionsAccepted: true };
      return new Api(target).post(
        "/api/public/user/register",
        { ...body, ...rest, activationUrl },
        { token, headers: { "X-Forwarded-For": address() } },
      );
    };
    for (const ok of ["https://site.example/a?t=${token}", "http://cms.example:8080/activate/${token}", "HTTPS://SITE.EXAMPLE/${token}"]) {
      assert.equal((await register(ok)).status, 201, ok);
    }
    for (const refused of [
      `${new URL(target).origin}/activate?t=\${token}`,
      `http://localhost:${new URL(target).port}/activate?t=\${token}`, // the instance's loopback names are not this client's
      "https://site.example:8443/${token}",
      "http://site.example/${token}",
    ]) {
      const res = await register(refused);
      assert.equal(res.status, 400, refused);
      assert.deepEqual(res.body.errors, [
        {
          field: "activationUrl",
          defaultMessage: "must point to an origin registered for this client: https://site.example, http://cms.example:8080",
        },
      ]);
    }
  });

  test("its payments may send the buyer back to its registered origins, or to this instance's, and nowhere else", async () => {
    const u = await newUser(new Api(target));
    const login = await postToken(target, { grant_type: "password", username: u.userCode, password: u.password }, as(secret));
    const token = login.body.access_token as string;
    const subscribe = (returnUrl: string, cancelUrl = returnUrl) =>
      new Api(target).post("/api/license/Entry/subscribe", { returnUrl, cancelUrl }, { token });
    for (const ok of ["https://site.example/back", "http://cms.example:8080/shop?x=1", `${new URL(target).origin}/plans`]) {
      const res = await subscribe(ok);
      assert.equal(res.status, 200, `${ok}: ${res.text}`);
    }
    const origins = `${new URL(target).origin}, http://localhost:${new URL(target).port}, https://site.example, http://cms.example:8080`;
    for (const refused of ["https://site.example:8443/back", "http://site.example/back", "https://attacker.example/back"]) {
      const res = await subscribe("https://site.example/back", refused);
      assert.equal(res.status, 400, refused);
      assert.deepEqual(res.body.errors, [
        { field: "cancelUrl", defaultMessage: `must point to this site or an origin registered for this client: ${origins}` },
      ]);
    }
  });

  test("a refresh token is bound to its client", async () => {
    const u = await newUser(new Api(target));
    const login = await postToken(target, { grant_type: "password", username: u.userCode, password: u.password }, as(secret));
    const token = login.body.refresh_token as string;
    assertInvalidRefresh(await postToken(target, { grant_type: "refresh_token", refresh_token: token }), token);
    assertInvalidRefresh(await postToken(target, { grant_type: "refresh_token", refresh_token: u.refresh }, as(secret)), u.refresh);
    // the refused attempts did not use the tokens up
    assertTokenBody(await postToken(target, { grant_type: "refresh_token", refresh_token: token }, as(secret)), "private", clientId);
    assertTokenBody(await postToken(target, { grant_type: "refresh_token", refresh_token: u.refresh }), "private");
  });
});

describe("password grant rate limit", () => {
  const login = (username: string, password: string, from: string) =>
    postToken(url, { grant_type: "password", username, password }, { "X-Forwarded-For": from });

  function assertRateLimited(res: ApiResponse): void {
    assert.equal(res.status, 429, res.text);
    assertTokenHeaders(res);
    const retryAfter = Number(res.headers.get("retry-after"));
    assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= WINDOW, `Retry-After ${res.headers.get("retry-after")}`);
    assert.deepEqual(Object.keys(res.body).sort(), ["error", "message", "path", "status", "timestamp"]);
    assert.equal(res.body.status, 429);
    assert.equal(res.body.error, "Too Many Requests");
    assert.equal(res.body.message, `Too many attempts, retry in ${retryAfter} seconds`);
    assert.equal(res.body.path, "/oauth/token");
  }

  test(`after ${MAX_FAILURES} failures for a user from one address, that address gets 429 even with the right password; the owner elsewhere does not`, async () => {
    const u = await newUser(api);
    const stranger = address();
    for (let i = 0; i < MAX_FAILURES; i++)
      assertOAuthError(await login(u.userCode, "wrong-password", stranger), 400, "invalid_grant", "Bad credentials");
    assertRateLimited(await login(u.userCode, u.password, stranger));
    assertRateLimited(await login(u.email, u.password, stranger)); // one counter per account, whatever the username form
    // the owner, on another address, is not locked out by a stranger's guesses
    assertTokenBody(await login(u.userCode, u.password, address()), "private");
    const someoneElse = await newUser(api);
    assertTokenBody(await login(someoneElse.userCode, someoneElse.password, address()), "private");
  });

  test(`a guess spread over many addresses meets the per-account ceiling (LOGIN_USER_MAX_FAILURES=${USER_MAX_FAILURES})`, async () => {
    const u = await newUser(api);
    for (let i = 0; i < USER_MAX_FAILURES; i++)
      assertOAuthError(await login(u.userCode, "wrong-password", address()), 400, "invalid_grant", "Bad credentials");
    assertRateLimited(await login(u.userCode, u.password, address()));
  });

  test("a successful login clears the counter of its address", async () => {
    const u = await newUser(api);
    const from = address();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < MAX_FAILURES - 1; i++)
        assertOAuthError(await login(u.userCode, "wrong-password", from), 400, "invalid_grant", "Bad credentials");
      assertTokenBody(await login(u.userCode, u.password, from), "private");
    }
  });

  test(`one address may fail ${4 * MAX_FAILURES} times across users, then it is refused`, async () => {
    const from = address();
    const u = await newUser(api);
    for (let i = 0; i < 4 * MAX_FAILURES; i++) {
      assertOAuthError(
        await login(`nobody-${randomBytes(4).toString("hex")}`, "wrong-password", from),
        400,
        "invalid_grant",
        "Bad credentials",
      );
    }
    assertRateLimited(await login(u.userCode, u.password, from));
    assertTokenBody(await login(u.userCode, u.password, address()), "private");
  });
});
