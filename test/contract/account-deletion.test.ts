// Deleting an account with all its data (issue 25 item 2) over real HTTP: who may, and what goes and
// what stays. Gone: the account (login, tokens, the public page), its box items and their files, vods,
// bundles, listings, live channels with their events, cast channels, thumbnails; its open reports
// close. Kept: the payments (accounting), the licenses another creator acquired of its contents (their
// copies still play, the files they show stay), the audit entry; the address is free again.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { Api } from "../support/api";
import { sharedKinora } from "../support/server";
import { mailsTo, waitForMail } from "../support/mailbox";
import { address, connect, login, newUser, register, registration, type TestUser } from "./users-fixtures";
import { assertErrorBody, assertEventually, testAdmin } from "./admin-fixtures";
import { itemFiles, postPngThumbnail, storageFiles } from "./box-fixtures";
import { buyVod, publish, readyItem, uniqueWord } from "./vod-fixtures";
import { createBundle } from "./bundle-fixtures";
import { createChannel, createEvent, HOUR } from "./live-fixtures";
import { createCastChannel } from "./cast-fixtures";

let api: Api;
let mailDir: string;
let dataDir: string;
let admin: TestUser;
let publicToken: string;

before(async () => {
  ({ api, mailDir } = await connect());
  dataDir = (await sharedKinora()).dataDir;
  admin = await testAdmin(api);
  publicToken = await api.publicToken();
});

const remove = (userCode: string, as: TestUser = admin, reason?: string) =>
  api.delete(`/api/admin/users/${userCode}${reason ? `?reason=${encodeURIComponent(reason)}` : ""}`, { token: as.access });

describe("DELETE /api/admin/users/{userCode}: who may", () => {
  test("administrators only: a user or a moderator 403; nobody deletes themself (409) or an administrator (403); unknown 404", async () => {
    const target = await newUser(api);
    const moderator = await newUser(api);
    const granted = await api.post(`/api/admin/users/${moderator.userCode}/role`, { role: "moderator" }, { token: admin.access });
    assert.equal(granted.status, 200, granted.text);
    const path = `/api/admin/users/${target.userCode}`;
    assertErrorBody(await remove(target.userCode, moderator), 403, path);
    assertErrorBody(await remove(target.userCode, target), 403, path);
    assert.equal((await api.delete(path)).status, 401);
    const self = await remove(admin.userCode);
    assertErrorBody(self, 409, `/api/admin/users/${admin.userCode}`);
    assert.match(self.body.message, /own account/);

    const otherAdmin = await newUser(api);
    await api.post(`/api/admin/users/${otherAdmin.userCode}/role`, { role: "administrator" }, { token: admin.access });
    const refused = await remove(otherAdmin.userCode);
    assertErrorBody(refused, 403, `/api/admin/users/${otherAdmin.userCode}`);
    assert.match(refused.body.message, /take the role away first/);
    const ghost = uniqueWord("nobody");
    assertErrorBody(await remove(ghost), 404, `/api/admin/users/${ghost}`);
    // nothing happened to the target
    assert.equal((await api.get("/api/user/me", { token: target.access })).status, 200);
  });
});

describe("DELETE /api/admin/users/{userCode}: what goes, what stays", () => {
  test("204; the account, its contents, channels and files go; payments, licenses others hold, audit stay", async () => {
    const seller = await newUser(api);
    const buyer = await newUser(api);
    const licensee = await newUser(api);
    const word = uniqueWord("gone");
    // what the seller has: a pay-per-view vod (bought once), a bundle, a listing another creator
    // acquired (and publishes), a live channel with an event, a cast channel, a thumbnail
    const own = await readyItem(api, seller.access, { title: `Own ${word}` });
    const vod = await publish(api, seller.access, own.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: "2,00" });
    const trackingId = await buyVod(api, buyer.access, vod.vodId);
    const bundle = await createBundle(api, seller);
    const licensed = await readyItem(api, seller.access, { title: `Licensed ${word}` });
    const listing = await api.post(`/api/box/${licensed.boxId}/marketplace`, { licenseType: "FREE" }, { token: seller.access });
    assert.equal(listing.status, 201, listing.text);
    const acquired = await api.post(`/api/marketplace/${listing.body.marketplaceId}/acquire`, {}, { token: licensee.access });
    assert.equal(acquired.status, 200, acquired.text);
    const copy = acquired.body.boxContent;
    const licenseeVod = await publish(api, licensee.access, copy.boxId, { licenseType: "FREE" });
    const channel = await createChannel(api, seller);
    const event = await createEvent(api, seller, channel.channelId, Date.now() + HOUR, Date.now() + 2 * HOUR);
    const cast = await createCastChannel(api, seller);
    const thumb = await postPngThumbnail(api, seller.access, 64, 36);
    const thumbFiles = () => storageFiles(dataDir, "thumbnails").filter((f) => f.includes(thumb.body.thumbnailId));
    assert.ok(thumbFiles().length > 0);
    assert.ok(itemFiles(dataDir, own.boxId).length > 3 && itemFiles(dataDir, licensed.boxId).length > 3);
    // a report of the vod, open
    const witness = `${uniqueWord("witness")}@example.test`;
    const filed = await api.post(
      "/api/public/reports",
      { targetType: "vod", targetId: vod.vodId, reason: "spam", email: witness },
      { headers: { "X-Forwarded-For": address() } },
    );
    assert.equal(filed.status, 201, filed.text);

    const reason = "Fraudulent account: stolen payment cards";
    const res = await remove(seller.userCode.toUpperCase(), admin, reason); // user codes match whatever the case
    assert.equal(res.status, 204, res.text);
    assert.equal(res.text, "");

    // the account: no login, no token, not found by staff, no public page; deleting again: 404
    const denied = await login(api, seller.userCode, seller.password);
    assert.deepEqual([denied.status, denied.body.error], [400, "invalid_grant"], denied.text);
    assert.equal((await api.get("/api/user/me", { token: seller.access })).status, 401);
    assert.deepEqual((await api.get(`/api/admin/users?q=${seller.userCode}`, { token: admin.access })).body, []);
    assert.equal((await fetch(`${api.url}/u/${seller.userCode}`)).status, 404);
    assertErrorBody(await remove(seller.userCode), 404, `/api/admin/users/${seller.userCode}`);
    // its contents and channels
    const gone = [
      `/api/public/vod/${vod.vodId}`,
      `/api/public/contentbundle/${bundle.bundleId}`,
      `/api/public/live/channel/${channel.channelId}`,
      `/api/public/live/event/${event.eventId}`,
      `/api/public/cast/channel/${cast.channelId}`,
      `/api/public/marketplace/${listing.body.marketplaceId}`,
    ];
    for (const path of gone) assert.equal((await api.get(path, { token: publicToken })).status, 404, path);
    // its files (a job removes them): the vod's upload and the thumbnail; not the files the licensee's copy shows
    await assertEventually(
      () => itemFiles(dataDir, own.boxId).length === 0 && thumbFiles().length === 0,
      "the seller's files are removed",
      20_000,
    );
    assert.ok(itemFiles(dataDir, licensed.boxId).length > 3, "the licensed upload's files stay while the licensee's copy shows them");

    // the licensee's copy runs on under its license, naming the seller; its vod still plays
    const kept = await api.get(`/api/box/${copy.boxId}`, { token: licensee.access });
    assert.equal(kept.status, 200, kept.text);
    assert.equal(kept.body.marketplaceLicense.issuerCode, seller.userCode);
    assert.equal(kept.body.marketplaceLicense.licenseType, "FREE");
    const played = await api.post(`/api/public/vod/${licenseeVod.vodId}/play`, {}, { token: publicToken });
    assert.equal(played.status, 200, played.text);
    assert.equal(played.body.result, "PLAY");
    const playlist = await fetch(played.body.srcs[0].uniqueStreamer);
    assert.equal(playlist.status, 200);

    // the payment stays for accounting: its seller is gone, its buyer is not
    const payments = await api.get(`/api/admin/payments?q=${trackingId}`, { token: admin.access });
    assert.deepEqual(
      payments.body.map((p: Record<string, unknown>) => [p.trackingId, p.status, p.buyer, p.seller]),
      [[trackingId, "PAID", buyer.userCode, null]],
    );
    // the report closed ("removed"), its sender told; the audit entry; the owner's mail
    const closed = await api.get(`/api/admin/reports?state=closed&targetType=vod`, { token: admin.access });
    const mine = closed.body.find((r: { reportId: string }) => r.reportId === filed.body.reportId);
    assert.equal(mine?.outcome, "removed");
    await waitForMail(mailDir, witness, (m) => /account of the video you reported was deleted/.test(m.text));
    const audit = await api.get(`/api/admin/audit?targetId=${seller.userCode}&action=user.delete`, { token: admin.access });
    assert.equal(audit.body.length, 1, audit.text);
    assert.deepEqual(
      [audit.body[0].actor, audit.body[0].reason, audit.body[0].before.vods, audit.body[0].before.boxItems],
      [admin.userCode, reason, 1, 2],
    );
    const told = await waitForMail(mailDir, seller.email, (m) => /was deleted/.test(m.subject));
    assert.match(told.text, new RegExp(reason));
    // the address is free again
    const again = await register(api, registration({ email: seller.email }));
    assert.equal(again.status, 201, again.text);
    assert.equal((await mailsTo(mailDir, seller.email)).length >= 1, true);
    // the transparency page counts it
    const periods = (await api.get("/api/public/transparency?months=1")).body;
    assert.ok(periods[0].deletions >= 1, JSON.stringify(periods[0]));
  });
});
