// The registration policy (issue 25 item 6) over real HTTP, on a server of its own (the policy is the
// instance's: the shared server's other tests register users meanwhile): open, closed (403), invite
// (an invitation code an administrator created, used once), approval (the account waits for a
// moderator and is told so at login), and the audit entries of each change.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ownServer } from "../support/own-server";
import { assertErrorBody, testAdmin } from "./admin-fixtures";
import { assertOAuthError, login, newUser, register, registration } from "./users-fixtures";

const server = ownServer();
const REGISTER = "/api/public/user/register";

test("open, closed, invite and approval; each change in the audit log", async () => {
  const api = server.api();
  const admin = await testAdmin(api);
  const moderatorless = await newUser(api);
  const setMode = (mode: unknown, token = admin.access) => api.post("/api/admin/settings/registration", { mode }, { token });
  const mode = async () => (await api.get("/api/admin/settings/registration", { token: admin.access })).body;

  assert.deepEqual(await mode(), { mode: "open" }, "open by default");
  const bad = await setMode("secret");
  assertErrorBody(bad, 400, "/api/admin/settings/registration");
  assert.deepEqual(
    bad.body.errors.map((e: { field: string }) => e.field),
    ["mode"],
  );
  assertErrorBody(await setMode("closed", moderatorless.access), 403, "/api/admin/settings/registration");

  // closed: 403 with a clear message
  assert.deepEqual((await setMode("closed")).body, { mode: "closed" });
  const refused = await register(api, registration());
  assertErrorBody(refused, 403, REGISTER);
  assert.equal(refused.body.message, "Registration is closed on this instance");

  // invite: a code is required, an unknown one refused, a created one works once
  assert.equal((await setMode("invite")).status, 200);
  const without = await register(api, registration());
  assertErrorBody(without, 400, REGISTER);
  assert.deepEqual(
    without.body.errors.map((e: { field: string }) => e.field),
    ["invitationCode"],
  );
  assert.equal((await register(api, registration({ invitationCode: "NOPE-NOPE-NOPE-NOPE" }))).status, 400);
  const invitation = await api.post("/api/admin/invitations", {}, { token: admin.access });
  assert.equal(invitation.status, 201, invitation.text);
  assert.match(invitation.body.invitationCode, /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
  const invited = registration({ invitationCode: invitation.body.invitationCode });
  assert.equal((await register(api, invited)).status, 201);
  assert.equal((await login(api, String(invited.userCode), String(invited.password))).status, 200, "an invited user is active at once");
  const reused = await register(api, registration({ invitationCode: invitation.body.invitationCode }));
  assertErrorBody(reused, 400, REGISTER);
  assert.equal(reused.body.errors[0].field, "invitationCode");

  // approval: registered, told to wait at login, active once a moderator approves
  assert.equal((await setMode("approval")).status, 200);
  const waiting = registration();
  assert.equal((await register(api, waiting)).status, 201);
  const code = String(waiting.userCode);
  assertOAuthError(
    await login(api, code, String(waiting.password)),
    400,
    "invalid_grant",
    "User account is waiting for a moderator's approval",
  );
  assert.equal(
    (await api.get(`/api/public/user/${code}/overview`, { token: await api.publicToken() })).status,
    404,
    "not public while waiting",
  );
  const approved = await api.post(`/api/admin/users/${code}/approve`, {}, { token: admin.access });
  assert.equal(approved.status, 200, approved.text);
  assert.deepEqual(approved.body, { userCode: code, status: "ACTIVE" });
  assert.equal((await login(api, code, String(waiting.password))).status, 200);
  assertErrorBody(await api.post(`/api/admin/users/${code}/approve`, {}, { token: admin.access }), 409, `/api/admin/users/${code}/approve`);

  // open again: as before
  assert.equal((await setMode("open")).status, 200);
  const free = registration();
  assert.equal((await register(api, free)).status, 201);
  assert.equal((await login(api, String(free.userCode), String(free.password))).status, 200);

  const audit = (await api.get("/api/admin/audit?targetType=setting", { token: admin.access })).body;
  assert.deepEqual(
    audit.map((e: { before: { mode: string }; after: { mode: string } }) => `${e.before.mode}->${e.after.mode}`),
    ["approval->open", "invite->approval", "closed->invite", "open->closed"],
  );
  const [approval] = (await api.get(`/api/admin/audit?targetId=${code}`, { token: admin.access })).body;
  assert.deepEqual(
    [approval.action, approval.before, approval.after],
    ["user.approve", { status: "AWAITING_APPROVAL" }, { status: "ACTIVE" }],
  );
  assert.equal((await api.get("/api/admin/audit?action=invitation.create", { token: admin.access })).body.length, 1);
});

test("the license plans: an administrator changes a plan's price and quotas; the Free plan stays free; a restart keeps the change", async () => {
  let api = server.api();
  const admin = await testAdmin(api);
  const buyer = await newUser(api);
  const edit = (name: string, body: Record<string, unknown>, token = admin.access) =>
    api.post(`/api/admin/licenses/${name}`, body, { token });
  const quoted = async () => {
    const res = await api.post(
      "/api/license/Entry/subscribe",
      { returnUrl: `${api.url}/ok` },
      { token: (await api.login(buyer.userCode, buyer.password)).access },
    );
    assert.equal(res.status, 200, res.text);
    return res.body.resource;
  };
  assert.equal((await quoted()).price, "10,00", "the catalogue's price (supplement §5)");

  const done = await edit("entry", { price: "12,50", storage: 9, maxUploadNumber: 250 });
  assert.equal(done.status, 200, done.text);
  assert.deepEqual(
    [done.body.name, done.body.price, done.body.storage, done.body.maxUploadNumber, done.body.band, done.body.dayDuration],
    ["Entry", "12,50", 9, 250, 30, 30],
    "the fields left out stay",
  );
  assert.equal((await quoted()).price, "12,50", "a new purchase pays the new price");
  const [entry] = (await api.get("/api/admin/audit?action=plan.update", { token: admin.access })).body;
  assert.deepEqual(
    [entry.targetId, entry.before, entry.after],
    ["Entry", { priceCents: 1000, storageGb: 8, maxUploadNumber: 200 }, { priceCents: 1250, storageGb: 9, maxUploadNumber: 250 }],
  );

  assertErrorBody(await edit("Free", { price: "1,00" }), 409, "/api/admin/licenses/Free");
  assertErrorBody(await edit("Entry", { dayDuration: 0 }), 409, "/api/admin/licenses/Entry");
  const bad = await edit("Entry", { price: "free", storage: -1 });
  assertErrorBody(bad, 400, "/api/admin/licenses/Entry");
  assert.deepEqual(bad.body.errors.map((e: { field: string }) => e.field).sort(), ["price", "storage"]);
  assertErrorBody(await edit("Platinum", { storage: 1 }), 404, "/api/admin/licenses/Platinum");
  assertErrorBody(await edit("Entry", { storage: 1 }, buyer.access), 403, "/api/admin/licenses/Entry");
  assert.equal((await edit("Free", { storage: 2 })).body.storage, 2, "the Free plan's quotas may change");

  await server.killAndRestart();
  api = server.api();
  assert.equal((await quoted()).price, "12,50", "the seed at start-up does not undo the change");
});
