// Moderation (issue 25) over real HTTP: reports by anyone (with a token or none), the moderators'
// queue, takedowns of every kind of target (451 with the reason on every public path, left out of the
// searches, the data kept), the statement of reasons and the reporter's outcome by mail, restoring, and
// the audit rows of each action.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { Api, ApiResponse } from "../support/api";
import { mailsTo, waitForMail } from "../support/mailbox";
import { address, connect, newUser, register, registration, type TestUser } from "./users-fixtures";
import { assertErrorBody, assertEventually, assertTakenDown, ISO, testAdmin } from "./admin-fixtures";
import { publish, readyItem, uniqueWord, vodIds } from "./vod-fixtures";
import { createBundle } from "./bundle-fixtures";
import { createChannel, createEvent, HOUR, ticketRequest } from "./live-fixtures";
import { payThroughSandbox } from "../support/checkout";
import { createCastChannel } from "./cast-fixtures";

let api: Api;
let mailDir: string;
let admin: TestUser;
let publicToken: string;

before(async () => {
  ({ api, mailDir } = await connect());
  admin = await testAdmin(api);
  publicToken = await api.publicToken();
});

/** A report from a fresh address (reports are limited per address), with `token` or none. */
const report = (body: Record<string, unknown>, token?: string, from = address()) =>
  api.post("/api/public/reports", body, { token, headers: { "X-Forwarded-For": from } });
const takeDown = (body: Record<string, unknown>, as = admin) => api.post("/api/admin/takedowns", body, { token: as.access });
const restore = (takedownId: string, as = admin) => api.delete(`/api/admin/takedowns/${takedownId}`, { token: as.access });
const queue = (query = "") => api.get(`/api/admin/reports${query}`, { token: admin.access });
const auditOf = async (targetId: string) => (await api.get(`/api/admin/audit?targetId=${targetId}`, { token: admin.access })).body;

describe("a vod reported, taken down from the queue, restored", () => {
  test("451 with the reason on item, play, preview and pay; out of the search; statement and outcome mailed; all back after restore", async () => {
    const owner = await newUser(api);
    const word = uniqueWord("td");
    const item = await readyItem(api, owner.access, { title: `Reported ${word}` });
    const vod = await publish(api, owner.access, item.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: "2,00" });
    const paths = {
      item: `/api/public/vod/${vod.vodId}`,
      play: `/api/public/vod/${vod.vodId}/play`,
      preview: `/api/public/vod/${vod.vodId}/preview`,
      pay: `/api/public/vod/${vod.vodId}/pay`,
    };
    const calls: Record<keyof typeof paths, (token?: string) => Promise<ApiResponse>> = {
      item: (token = publicToken) => api.get(paths.item, { token }),
      play: (token = publicToken) => api.post(paths.play, {}, { token }),
      preview: (token = publicToken) => api.post(paths.preview, {}, { token }),
      pay: (token = publicToken) => api.post(paths.pay, { returnUrl: `${api.url}/ok` }, { token }),
    };
    const search = () => api.post("/api/public/search/vod/contents", { queryString: word }, { token: publicToken });
    for (const [name, call] of Object.entries(calls)) assert.equal((await call()).status, 200, name);
    assert.deepEqual(vodIds(await search()), [vod.vodId]);

    // a viewer without any token reports it
    const witness = `${uniqueWord("witness")}@example.test`;
    const filed = await report({
      targetType: "vod",
      targetId: vod.vodId,
      reason: "violence",
      details: "A fight scene at 0:01",
      email: witness,
    });
    assert.equal(filed.status, 201, filed.text);
    assert.deepEqual(Object.keys(filed.body).sort(), ["createdAt", "reason", "reportId", "targetId", "targetType"]);
    assert.match(filed.body.reportId, /^[0-9a-f-]{36}$/);
    assert.deepEqual([filed.body.targetType, filed.body.targetId, filed.body.reason], ["vod", vod.vodId, "violence"]);
    const open = (await queue()).body;
    const mine = open.find((r: { reportId: string }) => r.reportId === filed.body.reportId);
    assert.ok(mine, "the report waits in the queue");
    assert.deepEqual(
      [mine.signedIn, mine.email, mine.details, mine.closedAt, mine.outcome],
      [false, witness, "A fight scene at 0:01", null, null],
    );
    assert.ok(
      open.every((r: { closedAt: unknown }) => r.closedAt === null),
      "the queue is of open reports",
    );
    const times = open.map((r: { createdAt: string }) => r.createdAt);
    assert.deepEqual(times, [...times].sort().reverse(), "newest first");

    // the moderator takes it down from the report
    const reason = "Graphic violence without a warning";
    const done = await takeDown({ targetType: "vod", targetId: vod.vodId, reason, rule: "violence", reportId: filed.body.reportId });
    assert.equal(done.status, 201, done.text);
    const takedownId = done.body.takedownId;
    assert.match(takedownId, /^[0-9a-f-]{36}$/);
    assert.deepEqual(
      [done.body.targetType, done.body.targetId, done.body.reason, done.body.createdBy, done.body.restoredAt],
      ["vod", vod.vodId, reason, admin.userCode, null],
    );
    assert.match(done.body.createdAt, ISO);

    for (const [name, call] of Object.entries(calls)) {
      assertTakenDown(await call(), paths[name as keyof typeof paths], reason);
      assertTakenDown(await call(owner.access), paths[name as keyof typeof paths], reason);
    }
    assert.deepEqual(vodIds(await search()), [], "searches leave it out");
    // its watch page and its embed (on other sites) show the notice with the reason
    for (const page of [`/v/${vod.vodId}`, `/embed/v/${vod.vodId}`]) {
      const html = await (await fetch(`${api.url}${page}`)).text();
      assert.match(html, /data-testid="taken-down"/, page);
      assert.ok(html.includes(reason), page);
      assert.ok(!html.includes(`Reported ${word}`), `${page} does not show the vod`);
    }
    // the data is kept: the owner still reads the vod and its box item
    assert.equal((await api.get(`/api/vod/${vod.vodId}`, { token: owner.access })).status, 200);
    assert.equal((await api.get(`/api/box/${item.boxId}`, { token: owner.access })).status, 200);
    // one takedown in force per target
    assertErrorBody(await takeDown({ targetType: "vod", targetId: vod.vodId, reason: "Again" }), 409, "/api/admin/takedowns");

    // the report is closed with its outcome; the reporter and the owner are told
    assert.ok(!(await queue()).body.some((r: { reportId: string }) => r.reportId === filed.body.reportId));
    const closed = (await queue("?state=closed")).body.find((r: { reportId: string }) => r.reportId === filed.body.reportId);
    assert.deepEqual([closed.outcome, closed.closedBy, closed.takedownId], ["takedown", admin.userCode, takedownId]);
    assert.match(closed.closedAt, ISO);
    const outcome = await waitForMail(mailDir, witness);
    assert.match(outcome.text, /was taken down/);
    const statement = await waitForMail(mailDir, owner.email, (m) => m.subject.includes("was taken down"));
    assert.equal(statement.subject, `Kinora: your video "Reported ${word}" was taken down`);
    assert.match(statement.text, new RegExp(`Reason: ${reason}`));
    assert.match(statement.text, /Rule applied: violence/);
    assert.match(statement.text, /by a moderator, after a report/);
    assert.match(statement.text, /appeal once, from the portal:\nhttp:\/\/\S+\/notices/);

    // restored: everything answers as before
    const lifted = await restore(takedownId);
    assert.equal(lifted.status, 204, lifted.text);
    for (const [name, call] of Object.entries(calls)) assert.equal((await call()).status, 200, name);
    assert.deepEqual(vodIds(await search()), [vod.vodId]);
    assert.equal((await restore(takedownId)).status, 204, "restoring again changes nothing");
    await waitForMail(mailDir, owner.email, (m) => m.subject.includes("is restored"));
    const listed = (await api.get("/api/admin/takedowns", { token: admin.access })).body.find(
      (t: { takedownId: string }) => t.takedownId === takedownId,
    );
    assert.match(listed.restoredAt, ISO);
    assert.equal(listed.restoredBy, admin.userCode);

    const entries = await auditOf(vod.vodId);
    assert.deepEqual(
      entries.map((e: { action: string }) => e.action),
      ["takedown.restore", "takedown.create"],
    );
    assert.deepEqual(
      [entries[1].before, entries[1].after, entries[1].reason],
      [{ takenDown: false }, { takenDown: true, takedownId }, reason],
    );
  });
});

describe("takedowns of bundles, channels and user pages", () => {
  test("each answers 451 on its public paths and leaves the searches; restoring brings it back", async () => {
    const owner = await newUser(api);
    const word = uniqueWord("tk");
    const bundle = await createBundle(api, owner, { name: `Bundle ${word}` });
    const live = await createChannel(api, owner, { name: `Live ${word}` });
    const cast = await createCastChannel(api, owner, { name: `Cast ${word}` });
    const targets = [
      {
        targetType: "bundle",
        targetId: bundle.bundleId,
        paths: [`/api/public/contentbundle/${bundle.bundleId}`, `/api/public/contentbundle/${bundle.bundleId}/items`],
        search: () => api.post("/api/public/search/contentbundles", { queryString: word }, { token: publicToken }),
      },
      {
        targetType: "liveChannel",
        targetId: live.channelId,
        paths: [`/api/public/live/channel/${live.channelId}`],
        search: () => api.post("/api/public/search/live/channels", { queryString: word }, { token: publicToken }),
      },
      {
        targetType: "castChannel",
        targetId: cast.channelId,
        paths: [`/api/public/cast/channel/${cast.channelId}`],
        search: () => api.post("/api/public/search/cast/channels", { queryString: word }, { token: publicToken }),
      },
      {
        targetType: "user",
        targetId: owner.userCode,
        paths: [`/api/public/user/${owner.userCode}/overview`],
        search: () => api.post("/api/public/search/users", { queryString: owner.userCode }, { token: publicToken }),
      },
    ];
    const found = async (t: (typeof targets)[number]) => {
      const res = await t.search();
      assert.equal(res.status, 200, res.text);
      return res.body.totalCount as number;
    };
    for (const t of targets) {
      for (const path of t.paths) assert.equal((await api.get(path, { token: publicToken })).status, 200, path);
      assert.equal(await found(t), 1, `${t.targetType} found before`);
    }
    const ids: string[] = [];
    for (const t of targets) {
      const reason = `Breach of the rules by a ${t.targetType}`;
      const done = await takeDown({ targetType: t.targetType, targetId: t.targetId, reason });
      assert.equal(done.status, 201, done.text);
      ids.push(done.body.takedownId);
      for (const path of t.paths) assertTakenDown(await api.get(path, { token: publicToken }), path, reason);
      assert.equal(await found(t), 0, `${t.targetType} left out of the search`);
    }
    // a live stream path of a channel taken down: its play answers 451 too
    const play = `/api/public/live/channel/${live.channelId}/play`;
    assert.equal((await api.post(play, {}, { token: publicToken })).status, 451);
    for (const id of ids) assert.equal((await restore(id)).status, 204);
    for (const t of targets) {
      for (const path of t.paths) assert.equal((await api.get(path, { token: publicToken })).status, 200, path);
      assert.equal(await found(t), 1, `${t.targetType} found again`);
    }
  });

  test("bad requests: an unknown target 404, an unknown type or no reason 400, an unknown takedown 404", async () => {
    assertErrorBody(
      await takeDown({ targetType: "vod", targetId: "7d7f3c1e-0000-4000-8000-000000000000", reason: "x" }),
      404,
      "/api/admin/takedowns",
    );
    assertErrorBody(await takeDown({ targetType: "user", targetId: "nobody-by-that-code", reason: "x" }), 404, "/api/admin/takedowns");
    const bad = await takeDown({ targetType: "channel", targetId: "x", reason: " " });
    assertErrorBody(bad, 400, "/api/admin/takedowns");
    assert.deepEqual(bad.body.errors.map((e: { field: string }) => e.field).sort(), ["reason", "targetType"]);
    assertErrorBody(
      await restore("7d7f3c1e-0000-4000-8000-000000000000"),
      404,
      "/api/admin/takedowns/7d7f3c1e-0000-4000-8000-000000000000",
    );
  });

  test("every /api/admin operation of the OpenAPI document: 403 for a user and for a public token, 401 without a token", async () => {
    const user = await newUser(api);
    const doc = (await api.get("/api/public/openapi.json")).body as { paths: Record<string, Record<string, unknown>> };
    const ops = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith("/api/admin/"))
      .flatMap(([path, item]) =>
        Object.keys(item).map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{\w+\}/g, "x0") })),
      );
    assert.ok(ops.length >= 28, `${ops.length} operations`);
    for (const { method, path } of ops) {
      const as = (token?: string) => api.call(method, path, method === "GET" || method === "DELETE" ? undefined : {}, { token });
      assertErrorBody(await as(user.access), 403, path);
      assert.equal((await as(publicToken)).status, 403, `${method} ${path} with a public token`);
      assert.equal((await as()).status, 401, `${method} ${path} without a token`);
    }
  });

  test("users: 403 on every takedown and report operation; no token: 401", async () => {
    const user = await newUser(api);
    const ops: [string, string, unknown?][] = [
      ["POST", "/api/admin/takedowns", { targetType: "user", targetId: user.userCode, reason: "x" }],
      ["GET", "/api/admin/takedowns"],
      ["GET", "/api/admin/reports"],
      ["GET", "/api/admin/settings/registration"],
      ["POST", "/api/admin/settings/registration", { mode: "closed" }],
      ["POST", "/api/admin/invitations", {}],
    ];
    for (const [method, path, body] of ops) {
      const as = (token?: string) => (method === "GET" ? api.get(path, { token }) : api.post(path, body, { token }));
      assertErrorBody(await as(user.access), 403, path);
      assert.equal((await as(publicToken)).status, 403, path);
      assert.equal((await as()).status, 401, path);
    }
  });
});

describe("statements of reasons and appeals", () => {
  test("the owner reads the statement and appeals once; upheld keeps it down, reversed restores it; the owner is told", async () => {
    const owner = await newUser(api);
    const [kept, wrong] = [
      await createChannel(api, owner, { name: "Kept down" }),
      await createChannel(api, owner, { name: "Wrongly down" }),
    ];
    const down = async (channelId: string, reason: string) => {
      const res = await takeDown({ targetType: "liveChannel", targetId: channelId, reason, rule: "spam" });
      assert.equal(res.status, 201, res.text);
      return res.body.takedownId as string;
    };
    const keptId = await down(kept.channelId, "Spam links in the description");
    const wrongId = await down(wrong.channelId, "Looked like spam");
    const notices = async () => (await api.get("/api/user/me/notices", { token: owner.access })).body;
    const [newest, oldest] = await notices();
    assert.deepEqual(
      [
        newest.takedownId,
        newest.targetLabel,
        newest.reason,
        newest.rule,
        newest.decidedAfterReport,
        newest.inForce,
        newest.canAppeal,
        newest.appeal,
      ],
      [wrongId, "Wrongly down", "Looked like spam", "spam", false, true, true, null],
    );
    assert.equal(oldest.takedownId, keptId);
    assert.ok(!("createdBy" in newest), "the owner is not told which moderator");
    // another user has no notices of it, and cannot appeal it
    const stranger = await newUser(api);
    assert.deepEqual((await api.get("/api/user/me/notices", { token: stranger.access })).body, []);
    const appeal = (id: string, text: string, as = owner) => api.post(`/api/user/me/notices/${id}/appeal`, { text }, { token: as.access });
    assert.equal((await appeal(wrongId, "Mine", stranger)).status, 404);
    assertErrorBody(await appeal(wrongId, " "), 400, `/api/user/me/notices/${wrongId}/appeal`);

    for (const id of [keptId, wrongId]) {
      const done = await appeal(id, "These are links to my own shop");
      assert.equal(done.status, 200, done.text);
      assert.deepEqual(
        [done.body.canAppeal, done.body.appeal.text, done.body.appeal.outcome],
        [false, "These are links to my own shop", null],
      );
    }
    assertErrorBody(await appeal(keptId, "Again"), 409, `/api/user/me/notices/${keptId}/appeal`);
    const waiting = (await api.get("/api/admin/appeals", { token: admin.access })).body.map((t: { takedownId: string }) => t.takedownId);
    assert.ok(waiting.includes(keptId) && waiting.includes(wrongId));

    const decide = (id: string, outcome: string, response: string) =>
      api.post(`/api/admin/takedowns/${id}/appeal`, { outcome, response }, { token: admin.access });
    const upheld = await decide(keptId, "upheld", "Selling through links breaks rule 4");
    assert.equal(upheld.status, 200, upheld.text);
    assert.deepEqual([upheld.body.restoredAt, upheld.body.appeal.outcome, upheld.body.appeal.decidedBy], [null, "upheld", admin.userCode]);
    assert.equal((await api.get(`/api/public/live/channel/${kept.channelId}`, { token: publicToken })).status, 451);
    const reversed = await decide(wrongId, "reversed", "Your own shop is allowed");
    assert.equal(reversed.status, 200, reversed.text);
    assert.match(reversed.body.restoredAt, ISO);
    assert.equal((await api.get(`/api/public/live/channel/${wrong.channelId}`, { token: publicToken })).status, 200);
    assertErrorBody(await decide(wrongId, "upheld", "Changed my mind"), 409, `/api/admin/takedowns/${wrongId}/appeal`);

    const after = await notices();
    assert.deepEqual(
      after.map((n: { inForce: boolean; appeal: { outcome: string } }) => [n.inForce, n.appeal.outcome]),
      [
        [false, "reversed"],
        [true, "upheld"],
      ],
    );
    await waitForMail(mailDir, owner.email, (m) => m.subject === 'Kinora: appeal granted, your live channel "Wrongly down" is restored');
    const rejected = await waitForMail(
      mailDir,
      owner.email,
      (m) => m.subject === 'Kinora: appeal rejected for your live channel "Kept down"',
    );
    assert.match(rejected.text, /Selling through links breaks rule 4/);
    const actions = (await auditOf(wrong.channelId)).map((e: { action: string }) => e.action);
    assert.deepEqual(actions, ["appeal.reverse", "takedown.create"]);
    assert.equal((await auditOf(kept.channelId))[0].action, "appeal.uphold");
  });
});

describe("the console's reads over REST", () => {
  test("dashboard, users, roles, failed jobs, the audit as CSV, transparency", async () => {
    const helper = await newUser(api);
    const dashboard = await api.get("/api/admin/dashboard", { token: admin.access });
    assert.equal(dashboard.status, 200, dashboard.text);
    assert.deepEqual(Object.keys(dashboard.body).sort(), [
      "contents",
      "failedJobs",
      "openReports",
      "pendingAppeals",
      "revenue",
      "storageBytes",
      "takedownsInForce",
      "users",
    ]);
    assert.ok(dashboard.body.users.ACTIVE >= 2 && Number.isInteger(dashboard.body.storageBytes));

    const found = await api.get(`/api/admin/users?q=${helper.userCode.toUpperCase()}`, { token: admin.access });
    assert.equal(found.status, 200, found.text);
    assert.deepEqual(
      found.body.map((u: { userCode: string; status: string; role: string; license: string }) => [u.userCode, u.status, u.role, u.license]),
      [[helper.userCode, "ACTIVE", "USER", "Free"]],
    );

    // an administrator makes the user a moderator: the queue opens to them, jobs stay the administrators'
    const setRole = (role: string, userCode = helper.userCode) =>
      api.post(`/api/admin/users/${userCode}/role`, { role }, { token: admin.access });
    assert.deepEqual((await setRole("moderator")).body, { userCode: helper.userCode, role: "MODERATOR" });
    assert.equal((await api.get("/api/admin/reports", { token: helper.access })).status, 200);
    assertErrorBody(await api.get("/api/admin/jobs/failed", { token: helper.access }), 403, "/api/admin/jobs/failed");
    assertErrorBody(
      await api.post(`/api/admin/users/${admin.userCode}/role`, { role: "user" }, { token: helper.access }),
      403,
      `/api/admin/users/${admin.userCode}/role`,
    );
    assert.equal((await setRole("user")).status, 200);
    assert.equal((await api.get("/api/admin/reports", { token: helper.access })).status, 403);
    assertErrorBody(await setRole("captain"), 400, `/api/admin/users/${helper.userCode}/role`);
    assertErrorBody(await setRole("user", admin.userCode), 409, `/api/admin/users/${admin.userCode}/role`);
    const jobs = await api.get("/api/admin/jobs/failed", { token: admin.access });
    assert.equal(jobs.status, 200, jobs.text);
    assert.ok(Array.isArray(jobs.body));
    assertErrorBody(
      await api.post(`/api/admin/jobs/7d7f3c1e-0000-4000-8000-000000000000/retry`, {}, { token: admin.access }),
      404,
      "/api/admin/jobs/7d7f3c1e-0000-4000-8000-000000000000/retry",
    );

    // the audit of the two role changes, as CSV
    const csv = await fetch(`${api.url}/api/admin/audit?format=csv&targetId=${helper.userCode}`, {
      headers: { Authorization: `Bearer ${admin.access}` },
    });
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get("content-type") ?? "", /^text\/csv/);
    const lines = (await csv.text()).trimEnd().split("\r\n");
    assert.equal(lines[0], "at,actor,action,targetType,targetId,before,after,reason,requestId");
    assert.equal(lines.length, 3, lines.join("\n"));
    assert.match(
      lines[1]!,
      new RegExp(`^\\d{4}-[^,]+,${admin.userCode},user\\.role,user,${helper.userCode},"{""role"":""MODERATOR""}","{""role"":""USER""}",`),
    );

    // a plan without a payment, until a given day; then Free again (which never ends)
    const plan = (body: Record<string, unknown>) => api.post(`/api/admin/users/${helper.userCode}/plan`, body, { token: admin.access });
    const until = new Date(Date.now() + 40 * 86_400_000).toISOString();
    assert.deepEqual((await plan({ licenseName: "basic", expiresAt: until })).body, {
      userCode: helper.userCode,
      licenseName: "Basic",
      expiresAt: until,
    });
    const overview = async () => (await api.get("/api/user/me/overview", { token: helper.access })).body;
    assert.deepEqual([(await overview()).licenseName, (await overview()).daysToExpiration], ["Basic", 40]);
    assertErrorBody(
      await plan({ licenseName: "Basic", expiresAt: "2020-01-01T00:00:00Z" }),
      400,
      `/api/admin/users/${helper.userCode}/plan`,
    );
    assertErrorBody(await plan({ licenseName: "Platinum" }), 404, `/api/admin/users/${helper.userCode}/plan`);
    assert.deepEqual((await plan({ licenseName: "Free" })).body, { userCode: helper.userCode, licenseName: "Free", expiresAt: null });
    assert.equal((await overview()).licenseName, "Free");

    // contents: any of them by title, with the takedown in force
    const word = uniqueWord("ct");
    const channel = await createChannel(api, helper, { name: `Console ${word}` });
    const contents = async () => (await api.get(`/api/admin/contents?q=${word}&kind=liveChannel`, { token: admin.access })).body;
    assert.deepEqual(await contents(), [
      {
        targetType: "liveChannel",
        targetId: channel.channelId,
        label: `Console ${word}`,
        ownerCode: helper.userCode,
        createdAt: (await contents())[0].createdAt,
        takedownId: null,
      },
    ]);
    const down = await takeDown({ targetType: "liveChannel", targetId: channel.channelId, reason: "Console test" });
    assert.equal((await contents())[0].takedownId, down.body.takedownId);

    // a new activation link for an account not yet activated
    const pending = registration({ activationUrl: `${api.url}/activate?token=\${token}` });
    assert.equal((await register(api, pending)).status, 201);
    const tokenOf = (text: string) => text.match(/token=([\w-]+)/)![1]!;
    const first = tokenOf((await waitForMail(mailDir, String(pending.email))).text);
    const resend = (code: string) => api.post(`/api/admin/users/${code}/activation`, {}, { token: admin.access });
    const resent = await resend(String(pending.userCode));
    assert.deepEqual(resent.body, { userCode: pending.userCode, email: pending.email });
    const mails = async () => mailsTo(mailDir, String(pending.email));
    await assertEventually(async () => (await mails()).length === 2, "the first mail and the new one");
    const second = (await mails()).map((m) => tokenOf(m.text)).find((t) => t !== first)!;
    const activate = (t: string) => api.get(`/api/public/user/activate?token=${t}`, { token: publicToken });
    assert.equal((await activate(first)).status, 404, "the first link stopped working");
    assert.equal((await activate(second)).status, 200);
    assertErrorBody(await resend(helper.userCode), 409, `/api/admin/users/${helper.userCode}/activation`);

    // transparency: anyone, with or without a token; this month counts what this run did
    const open = await api.get("/api/public/transparency?months=3");
    assert.equal(open.status, 200, open.text);
    assert.equal(open.body.length, 3);
    const [month] = open.body;
    assert.equal(month.period, new Date().toISOString().slice(0, 7));
    assert.ok(month.notices >= 1 && month.takedowns >= 1, JSON.stringify(month));
    assert.equal(
      month.notices,
      Object.values(month.noticesByReason as Record<string, number>).reduce((a, b) => a + b, 0),
    );
    assert.ok(month.medianHoursToAction === null || month.medianHoursToAction >= 0);
    assert.equal((await api.get("/api/public/transparency", { token: publicToken })).body.length, 12);
  });
});

describe("OAuth clients in the console", () => {
  test("an administrator creates a client (secret shown once), sets its origins and revokes it: refused from then on, its logins ended", async () => {
    const clientId = uniqueWord("app");
    const create = (body: Record<string, unknown>) => api.post("/api/admin/clients", body, { token: admin.access });
    const bad = await create({ clientId: "no spaces", name: "", origins: ["https://site.example/path"], grants: ["implicit"] });
    assertErrorBody(bad, 400, "/api/admin/clients");
    assert.deepEqual(bad.body.errors.map((e: { field: string }) => e.field).sort(), ["clientId", "grants", "name", "origins"]);
    const made = await create({
      clientId,
      name: "Partner app",
      grants: ["client_credentials", "password"],
      origins: ["https://site.example"],
    });
    assert.equal(made.status, 201, made.text);
    assert.deepEqual(
      [made.body.clientId, made.body.grants, made.body.origins, made.body.confidential, made.body.revokedAt],
      [clientId, ["client_credentials", "password"], ["https://site.example"], true, null],
    );
    const secret: string = made.body.clientSecret;
    assert.match(secret, /^[\w-]{40,}$/);
    assertErrorBody(await create({ clientId, name: "Again" }), 409, "/api/admin/clients");
    const listed = (await api.get("/api/admin/clients", { token: admin.access })).body.find(
      (c: { clientId: string }) => c.clientId === clientId,
    );
    assert.ok(listed && !("clientSecret" in listed), "the secret is not shown again");

    const origins = await api.post(
      `/api/admin/clients/${clientId}/origins`,
      { origins: ["https://a.example", "http://b.example:8080"] },
      { token: admin.access },
    );
    assert.deepEqual(origins.body.origins, ["https://a.example", "http://b.example:8080"]);

    const client = { id: clientId, secret };
    assert.equal((await api.token({ grant_type: "client_credentials" }, client)).status, 200);
    const user = await newUser(api);
    const login = await api.token({ grant_type: "password", username: user.userCode, password: user.password }, client);
    assert.equal(login.status, 200, login.text);
    assert.equal((await api.get("/api/user/me", { token: login.body.access_token })).status, 200);

    assert.equal((await api.delete(`/api/admin/clients/${clientId}`, { token: admin.access })).status, 204);
    assert.equal((await api.token({ grant_type: "client_credentials" }, client)).status, 401, "the client is refused");
    assert.equal((await api.get("/api/user/me", { token: login.body.access_token })).status, 401, "its logins end at once");
    assert.equal((await api.get("/api/user/me", { token: user.access })).status, 200, "the user's other logins stay");
    assertErrorBody(await api.delete("/api/admin/clients/www", { token: admin.access }), 409, "/api/admin/clients/www");
    const [revoked] = (await api.get(`/api/admin/audit?targetId=${clientId}`, { token: admin.access })).body;
    assert.equal(revoked.action, "client.revoke");
  });
});

describe("payments in the console", () => {
  test("an administrator finds a ticket's payment and refunds it (sandbox): the buyer's ticket no longer plays; moderators may not", async () => {
    const owner = await newUser(api);
    const buyer = await newUser(api);
    const channel = await createChannel(api, owner);
    const now = Date.now();
    const event = await createEvent(api, owner, channel.channelId, now - 60_000, now + HOUR, {
      paymentMode: "PAY_PER_VIEW",
      pricePerView: "3,00",
    });
    const started = await api.post(`/api/live/event/${event.eventId}/pay`, ticketRequest(api), { token: buyer.access });
    assert.equal(started.status, 200, started.text);
    const trackingId: string = started.body.trackingId;
    await payThroughSandbox(started.body.url, trackingId);
    const play = async () => (await api.post(`/api/live/event/${event.eventId}/play`, {}, { token: buyer.access })).body.result;
    assert.equal(await play(), "PLAY");

    const found = await api.get(`/api/admin/payments?q=${buyer.userCode}`, { token: admin.access });
    assert.equal(found.status, 200, found.text);
    assert.deepEqual(
      found.body.map((p: Record<string, unknown>) => [p.trackingId, p.kind, p.amount, p.status, p.buyer, p.seller]),
      [[trackingId, "LIVE_EVENT", "3,00", "PAID", buyer.userCode, owner.userCode]],
    );
    const refund = (token = admin.access) =>
      api.post(`/api/admin/payments/${trackingId}/refund`, { reason: "The stream never started" }, { token });
    const moderator = await newUser(api);
    await api.post(`/api/admin/users/${moderator.userCode}/role`, { role: "moderator" }, { token: admin.access });
    assertErrorBody(await refund(moderator.access), 403, `/api/admin/payments/${trackingId}/refund`);
    const done = await refund();
    assert.equal(done.status, 200, done.text);
    assert.equal(done.body.status, "REFUNDED");
    assert.equal(await play(), "PAYMENT_REQUIRED", "the refunded ticket opens nothing");
    assertErrorBody(await refund(), 409, `/api/admin/payments/${trackingId}/refund`);
    assertErrorBody(
      await api.post("/api/admin/payments/0123456789abcdef0123456789abcdef/refund", { reason: "x" }, { token: admin.access }),
      404,
      "/api/admin/payments/0123456789abcdef0123456789abcdef/refund",
    );
  });
});

describe("reports", () => {
  test("a signed-in report; unknown targets 404; reasons and copyright notices checked", async () => {
    const owner = await newUser(api);
    const reporter = await newUser(api);
    const channel = await createChannel(api, owner);
    const signedIn = await report({ targetType: "liveChannel", targetId: channel.channelId, reason: "spam" }, reporter.access);
    assert.equal(signedIn.status, 201, signedIn.text);
    const queued = (await queue()).body.find((r: { reportId: string }) => r.reportId === signedIn.body.reportId);
    assert.deepEqual([queued.signedIn, queued.email], [true, reporter.email], "a signed-in reporter is told at the account's address");
    // with a public token too
    assert.equal((await report({ targetType: "user", targetId: owner.userCode, reason: "harassment" }, publicToken)).status, 201);

    assertErrorBody(await report({ targetType: "vod", targetId: "not-an-id", reason: "spam" }), 404, "/api/public/reports");
    assertErrorBody(await report({ targetType: "castChannel", targetId: channel.channelId, reason: "spam" }), 404, "/api/public/reports");
    const bad = await report({ targetType: "liveChannel", targetId: channel.channelId, reason: "rude" });
    assertErrorBody(bad, 400, "/api/public/reports");
    assert.deepEqual(
      bad.body.errors.map((e: { field: string }) => e.field),
      ["reason"],
    );
    // a copyright notice: what the work is and whom to reach
    const thin = await report({ targetType: "liveChannel", targetId: channel.channelId, reason: "copyright", details: "mine" });
    assertErrorBody(thin, 400, "/api/public/reports");
    assert.deepEqual(thin.body.errors.map((e: { field: string }) => e.field).sort(), ["details", "email"]);
    const notice = await report(
      {
        targetType: "liveChannel",
        targetId: channel.channelId,
        reason: "copyright",
        details: "My film 'Harbour Lights' (2021) is streamed here",
      },
      reporter.access,
    );
    assert.equal(notice.status, 201, notice.text);

    // dismissed: the reports of the target close, the reporter is told, the audit says so
    const dismissed = await api.post(
      `/api/admin/reports/${signedIn.body.reportId}/dismiss`,
      { reason: "Not spam" },
      { token: admin.access },
    );
    assert.equal(dismissed.status, 200, dismissed.text);
    assert.deepEqual([dismissed.body.outcome, dismissed.body.closedBy], ["dismissed", admin.userCode]);
    assert.ok(!(await queue()).body.some((r: { targetId: string }) => r.targetId === channel.channelId));
    await waitForMail(mailDir, reporter.email, (m) => m.subject === "Kinora: your report was reviewed");
    assertErrorBody(
      await api.post(`/api/admin/reports/${signedIn.body.reportId}/dismiss`, {}, { token: admin.access }),
      409,
      `/api/admin/reports/${signedIn.body.reportId}/dismiss`,
    );
    assert.equal((await auditOf(channel.channelId))[0].action, "report.dismiss");
  });

  test("rate limited per address and per user (REPORTS_PER_HOUR, 20 on the test servers)", async () => {
    const owner = await newUser(api);
    const target = { targetType: "user", targetId: owner.userCode, reason: "spam" };
    const from = address();
    for (let i = 0; i < 20; i++) assert.equal((await report(target, undefined, from)).status, 201, `report ${i + 1}`);
    const limited = await report(target, undefined, from);
    assertErrorBody(limited, 429, "/api/public/reports");
    assert.ok(Number(limited.headers.get("retry-after")) > 0);
    // another address is not limited by it
    assert.equal((await report(target)).status, 201);

    // one user from many addresses
    const busy = await newUser(api);
    for (let i = 0; i < 20; i++) assert.equal((await report(target, busy.access)).status, 201, `user report ${i + 1}`);
    assertErrorBody(await report(target, busy.access), 429, "/api/public/reports");
  });
});
