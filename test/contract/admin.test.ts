// Administration (issue 25), its first part over real HTTP: the staff (ADMIN_USERS, roles granted from a
// shell with `npm run admin`), a user suspended and unsuspended through /api/admin, and the audit log
// of both. Every test server names TEST_ADMIN in ADMIN_USERS; the account is registered here.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { before, describe, test } from "node:test";
import { Api } from "../support/api";
import { sharedKinora, TEST_ADMIN, type Kinora } from "../support/server";
import { createChannel } from "./live-fixtures";
import { withDatabase } from "../support/database";
import { assertErrorBody, ISO, testAdmin } from "./admin-fixtures";
import { assertInvalidAccessToken, assertInvalidRefresh, assertOAuthError, login, newUser, type TestUser } from "./users-fixtures";

const root = path.resolve(import.meta.dirname, "../..");
const postgres = Boolean(process.env.DATABASE_URL);

let server: Kinora;
let api: Api;
let admin: TestUser;

/** `npm run admin -- <args>` against the shared server's database (on PGlite: its DATA_DIR, which it holds open). */
function adminCommand(...args: string[]) {
  const r = spawnSync("npx", ["tsx", "scripts/admin.ts", ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: server.dataDir, ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}) },
    encoding: "utf8",
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

before(async () => {
  server = await sharedKinora();
  api = new Api(server.url);
  admin = await testAdmin(api);
});

const suspend = (as: TestUser, userCode: string, body: unknown = { reason: "Spam in every description" }) =>
  api.post(`/api/admin/users/${userCode}/suspend`, body, { token: as.access });
const unsuspend = (as: TestUser, userCode: string) => api.post(`/api/admin/users/${userCode}/unsuspend`, {}, { token: as.access });
const audit = (as: TestUser, query = "") => api.get(`/api/admin/audit${query}`, { token: as.access });

describe("suspension", () => {
  test("suspended: login refused as for a disabled account, tokens dead, public page gone; unsuspended: all back, nothing lost", async () => {
    const victim = await newUser(api);
    const channel = await createChannel(api, victim);
    const overview = () => api.get(`/api/public/user/${victim.userCode}/overview`, { token: admin.access });
    const publicChannel = () => api.get(`/api/public/live/channel/${channel.channelId}`, { token: admin.access });
    assert.equal((await overview()).status, 200);
    assert.equal((await publicChannel()).status, 200);

    // a reason is required
    const bare = await suspend(admin, victim.userCode, { reason: "  " });
    assertErrorBody(bare, 400, `/api/admin/users/${victim.userCode}/suspend`);
    assert.deepEqual(
      bare.body.errors.map((e: { field: string }) => e.field),
      ["reason"],
    );

    const done = await suspend(admin, victim.userCode.toUpperCase());
    assert.equal(done.status, 200, done.text);
    assert.deepEqual(Object.keys(done.body).sort(), ["reason", "status", "suspendedAt", "userCode"]);
    assert.equal(done.body.userCode, victim.userCode);
    assert.equal(done.body.status, "SUSPENDED");
    assert.equal(done.body.reason, "Spam in every description");
    assert.match(done.body.suspendedAt, ISO);

    assertInvalidAccessToken(await api.get("/api/user/me", { token: victim.access }), victim.access);
    assertInvalidRefresh(await api.token({ grant_type: "refresh_token", refresh_token: victim.refresh }), victim.refresh);
    assertOAuthError(await login(api, victim.userCode, victim.password), 400, "invalid_grant", "User is disabled");
    assert.equal((await overview()).status, 404);
    assert.equal((await publicChannel()).status, 404, "its contents are hidden");
    // suspending again changes nothing
    const again = await suspend(admin, victim.userCode, { reason: "Another reason" });
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, done.body);

    const back = await unsuspend(admin, victim.userCode);
    assert.equal(back.status, 200, back.text);
    assert.deepEqual(back.body, { userCode: victim.userCode, status: "ACTIVE", suspendedAt: null, reason: null });
    const relogged = await login(api, victim.userCode, victim.password);
    assert.equal(relogged.status, 200, relogged.text);
    assert.equal((await api.get("/api/user/me", { token: relogged.body.access_token })).body.userCode, victim.userCode);
    assert.equal((await overview()).status, 200);
    assert.equal((await publicChannel()).status, 200, "nothing was deleted");
    const twice = await unsuspend(admin, victim.userCode);
    assertErrorBody(twice, 409, `/api/admin/users/${victim.userCode}/unsuspend`);

    // the audit log: both actions, newest first, with who, what, before and after, why and the request
    const entries = await audit(admin, `?targetId=${victim.userCode}`);
    assert.equal(entries.status, 200, entries.text);
    assert.ok(Array.isArray(entries.body));
    assert.deepEqual(
      entries.body.map((e: { action: string }) => e.action),
      ["user.unsuspend", "user.suspend"],
    );
    const [lifted, suspended] = entries.body;
    assert.deepEqual(Object.keys(suspended).sort(), [
      "action",
      "actor",
      "after",
      "at",
      "auditId",
      "before",
      "reason",
      "requestId",
      "targetId",
      "targetType",
    ]);
    assert.equal(suspended.actor, TEST_ADMIN);
    assert.equal(suspended.targetType, "user");
    assert.deepEqual(
      [suspended.before, suspended.after, suspended.reason],
      [{ status: "ACTIVE" }, { status: "SUSPENDED" }, "Spam in every description"],
    );
    assert.match(suspended.requestId, /^[A-Za-z0-9._-]{8,128}$/);
    assert.deepEqual([lifted.before, lifted.after], [{ status: "SUSPENDED", reason: "Spam in every description" }, { status: "ACTIVE" }]);
    assert.ok(lifted.at >= suspended.at);
  });

  test("an unknown user is 404; staff cannot suspend themselves", async () => {
    assertErrorBody(await suspend(admin, "nobody-by-that-code"), 404, "/api/admin/users/nobody-by-that-code/suspend");
    assertErrorBody(await suspend(admin, TEST_ADMIN), 409, `/api/admin/users/${TEST_ADMIN}/suspend`);
  });
});

describe("who may", () => {
  test("the audit log: 401 without a token, 403 for a public token and for a user", async () => {
    const user = await newUser(api);
    assert.equal((await api.get("/api/admin/audit")).status, 401);
    assert.equal((await api.get("/api/admin/audit", { token: await api.publicToken() })).status, 403);
    const refused = await audit(user);
    assertErrorBody(refused, 403, "/api/admin/audit");
    assert.equal(refused.body.message, "This operation is for moderators and administrators");
  });

  test("npm run admin -- grant: a moderator suspends users but not staff (PostgreSQL; PGlite: refused while the instance runs)", async () => {
    const moderator = await newUser(api);
    if (!postgres) {
      const refused = adminCommand("grant", moderator.userCode, "moderator");
      assert.equal(refused.status, 1, refused.out);
      assert.match(refused.out, /the embedded database in .+ is open in process \d+ \(the running Kinora\): stop it first/);
      return;
    }
    assert.equal(adminCommand("grant", moderator.userCode, "captain").status, 2);
    const granted = adminCommand("grant", moderator.userCode, "moderator");
    assert.equal(granted.status, 0, granted.out);
    assert.match(granted.out, new RegExp(`${moderator.userCode}: user -> moderator`));
    const user = await newUser(api);
    const done = await suspend(moderator, user.userCode);
    assert.equal(done.status, 200, done.text);
    assertErrorBody(await suspend(moderator, TEST_ADMIN), 403, `/api/admin/users/${TEST_ADMIN}/suspend`);
    const [role] = (await audit(admin, `?targetId=${moderator.userCode}&action=user.role`)).body;
    assert.deepEqual([role.actor, role.before, role.after], ["shell", { role: "USER" }, { role: "MODERATOR" }]);
    // the log is append-only: the database itself refuses to change or remove an entry
    for (const statement of [`UPDATE "AuditEntry" SET "reason" = 'edited'`, `DELETE FROM "AuditEntry"`])
      await assert.rejects(
        withDatabase({ dataDir: server.dataDir, databaseUrl: server.databaseUrl }, (sql) => sql(statement, [])),
        /AuditEntry is append-only/,
      );
    // back to a plain user: refused from then on
    assert.equal(adminCommand("grant", moderator.userCode, "user").status, 0);
    assertErrorBody(await suspend(moderator, user.userCode), 403, `/api/admin/users/${user.userCode}/suspend`);
  });
});
