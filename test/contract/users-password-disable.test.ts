// POST /api/user/me/password/update and POST /api/user/me/disable over real HTTP: statuses, field
// errors, and what happens to the account's sessions (access tokens, refresh tokens, login).
import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type { Api } from "../support/api";
import {
  address,
  assertAccessDenied,
  assertError,
  assertInvalidAccessToken,
  assertInvalidRefresh,
  assertOAuthError,
  assertUnauthorized,
  assertValidation,
  connect,
  login,
  newUser,
} from "./users-fixtures";

let api: Api;
before(async () => {
  ({ api } = await connect());
});

const UPDATE = "/api/user/me/password/update";
const DISABLE = "/api/user/me/disable";

describe("POST /api/user/me/password/update", () => {
  test("204 without a body; the new password logs in, the old one no longer; other sessions end, the caller's refreshes", async () => {
    const u = await newUser(api);
    const second = await login(api, u.userCode, u.password);
    assert.equal(second.status, 200, second.text);
    const res = await api.post(
      UPDATE,
      { currentPassword: u.password, newPassword: "New-secret-2", passwordConfirm: "New-secret-2" },
      { token: u.access },
    );
    assert.equal(res.status, 204, res.text);
    assert.equal(res.text, "");

    assertOAuthError(await login(api, u.userCode, u.password), 400, "invalid_grant", "Bad credentials");
    const fresh = await login(api, u.userCode, "New-secret-2");
    assert.equal(fresh.status, 200, fresh.text);
    assert.equal((await api.get("/api/user/me", { token: fresh.body.access_token })).status, 200);

    // access tokens issued before the change are refused, the caller's included
    assertInvalidAccessToken(await api.get("/api/user/me", { token: u.access }), u.access);
    assertInvalidAccessToken(await api.get("/api/user/me", { token: second.body.access_token }), second.body.access_token);
    // the other login's refresh token is revoked ...
    assertInvalidRefresh(
      await api.token({ grant_type: "refresh_token", refresh_token: second.body.refresh_token }),
      second.body.refresh_token,
    );
    // ... while the caller's refreshes (invalid_token -> refresh, as real clients do) and goes on
    const refreshed = await api.token({ grant_type: "refresh_token", refresh_token: u.refresh });
    assert.equal(refreshed.status, 200, refreshed.text);
    assert.equal((await api.get("/api/user/me", { token: refreshed.body.access_token })).status, 200);
    // the refresh token issued after the change works
    assert.equal((await api.token({ grant_type: "refresh_token", refresh_token: fresh.body.refresh_token })).status, 200);
  });

  test("revocation is exact: a token issued in the same second as the change is refused, one issued after works", async () => {
    for (let attempt = 0; attempt < 8; attempt++) {
      const u = await newUser(api);
      // start at the top of a second: the login, the change and the next login have all of it
      await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000)));
      const sameSecond = await login(api, u.userCode, u.password);
      const res = await api.post(
        UPDATE,
        { currentPassword: u.password, newPassword: "New-secret-2", passwordConfirm: "New-secret-2" },
        { token: u.access },
      );
      assert.equal(res.status, 204, res.text);
      const after = await login(api, u.userCode, "New-secret-2");
      const issued = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).iat as number;
      // the point of the test is one second for all three tokens; on a slow machine try again
      if (new Set([issued(sameSecond.body.access_token), issued(after.body.access_token)]).size !== 1) continue;
      assertInvalidAccessToken(await api.get("/api/user/me", { token: sameSecond.body.access_token }), sameSecond.body.access_token);
      assert.equal((await api.get("/api/user/me", { token: after.body.access_token })).status, 200);
      return;
    }
    assert.fail("no attempt kept the login, the change and the next login within one second");
  });

  test("a wrong current password is a field error; nothing changes", async () => {
    const u = await newUser(api);
    const res = await api.post(
      UPDATE,
      { currentPassword: "not-my-password", newPassword: "New-secret-2", passwordConfirm: "New-secret-2" },
      { token: u.access },
    );
    assertValidation(res, UPDATE, [{ field: "currentPassword", defaultMessage: "The current password is wrong" }]);
    const it = await api.post(
      UPDATE,
      { currentPassword: "not-my-password", newPassword: "New-secret-2", passwordConfirm: "New-secret-2" },
      { token: u.access, headers: { "Accept-Language": "it" } },
    );
    assertValidation(it, UPDATE, [{ field: "currentPassword", defaultMessage: "La password attuale è errata" }], "it");
    assert.equal((await login(api, u.userCode, u.password)).status, 200);
    assert.equal((await api.get("/api/user/me", { token: u.access })).status, 200);
  });

  test("missing, short and unconfirmed passwords", async () => {
    const u = await newUser(api);
    assertValidation(await api.post(UPDATE, "{ }", { token: u.access }), UPDATE, [
      { field: "currentPassword", defaultMessage: "is required" },
      { field: "newPassword", defaultMessage: "is required" },
      { field: "passwordConfirm", defaultMessage: "is required" },
    ]);
    assertValidation(
      await api.post(UPDATE, { currentPassword: u.password, newPassword: "short", passwordConfirm: "short" }, { token: u.access }),
      UPDATE,
      [{ field: "newPassword", defaultMessage: "must be at least 8 characters long" }],
    );
    assertValidation(
      await api.post(
        UPDATE,
        { currentPassword: u.password, newPassword: "New-secret-2", passwordConfirm: "New-secret-3" },
        { token: u.access, headers: { "Accept-Language": "it" } },
      ),
      UPDATE,
      [{ field: "passwordConfirm", defaultMessage: "deve essere uguale alla password" }],
      "it",
    );
  });

  test("repeated wrong current passwords are rate limited (429 with Retry-After)", async () => {
    const u = await newUser(api);
    const wrong = { currentPassword: "not-my-password", newPassword: "New-secret-2", passwordConfirm: "New-secret-2" };
    const max = Number(process.env.LOGIN_MAX_FAILURES ?? 5);
    for (let i = 0; i < max; i++) assert.equal((await api.post(UPDATE, wrong, { token: u.access })).status, 400);
    const limited = await api.post(UPDATE, { ...wrong, currentPassword: u.password }, { token: u.access });
    assert.equal(limited.status, 429, limited.text);
    const retryAfter = Number(limited.headers.get("retry-after"));
    assert.ok(retryAfter >= 1 && retryAfter <= Number(process.env.LOGIN_WINDOW_SECONDS ?? 900), `Retry-After ${retryAfter}`);
    assertError(limited, 429, `Too many attempts, retry in ${retryAfter} seconds`, UPDATE);
  });

  test("no token: 401; public token: 403", async () => {
    assertUnauthorized(await api.post(UPDATE, {}));
    assertAccessDenied(await api.post(UPDATE, {}, { token: await api.publicToken() }));
  });
});

describe("POST /api/user/me/disable", () => {
  for (const [label, raw] of [
    ["no body", undefined],
    ["{}", "{}"],
    ['"{ }"', '"{ }"'],
  ] as const) {
    test(`204 with ${label}; the account's tokens and login stop working, it disappears from public view`, async () => {
      const u = await newUser(api);
      const res =
        raw === undefined
          ? await api.post(DISABLE, undefined, { token: u.access })
          : await api.post(`${DISABLE}/`, undefined, { token: u.access, raw });
      assert.equal(res.status, 204, res.text);
      assert.equal(res.text, "");
      assertInvalidAccessToken(await api.get("/api/user/me", { token: u.access }), u.access);
      assertInvalidRefresh(await api.token({ grant_type: "refresh_token", refresh_token: u.refresh }), u.refresh);
      assertOAuthError(await login(api, u.userCode, u.password), 400, "invalid_grant", "User is disabled");
      const publicToken = await api.publicToken();
      const path = `/api/public/user/${u.userCode}/overview`;
      assertError(await api.get(path, { token: publicToken }), 404, "User not found", path);
      // a disabled account cannot be brought back through a renew link
      const renew = await api.post(
        "/api/public/user/password/renew",
        { userCode: u.userCode, confirmationUrl: `${api.url}/renew/\${token}` },
        { token: publicToken, headers: { "X-Forwarded-For": address() } },
      );
      assertError(renew, 404, "User not found", "/api/public/user/password/renew");
    });
  }

  test("no token: 401; public token: 403; the other users stay active", async () => {
    const other = await newUser(api);
    assertUnauthorized(await api.post(DISABLE));
    assertAccessDenied(await api.post(DISABLE, undefined, { token: await api.publicToken() }));
    assert.equal((await api.get("/api/user/me", { token: other.access })).status, 200);
  });
});
