// Vod rules against a real database (PGlite in a directory of its own, or the suite's PostgreSQL),
// where HTTP cannot set the stage: the publisher's band used up (BAND_LIMIT_EXCEEDED for the audience,
// not the owner), the end of a pay-per-view purchase's PPV_ACCESS_HOURS, the triggers that keep the
// search vector and visibility in step with the box item and the publisher, and the foreign key that
// keeps a box item with vods from being deleted.
import assert from "node:assert/strict";
import { randomBytes, randomUUID } from "node:crypto";
import { before, describe, test } from "node:test";
import { insertUser, integrationDbAccess, useIntegrationDatabase } from "../support/integration-db";

useIntegrationDatabase("kinora-vod-");

type Db = import("../../src/server/db/client").Db;
type Ctx = import("../../src/server/core/context").Ctx;
let db: Db;
let sql: import("../../src/server/db/sql-runner").SqlPort;
let playVod: typeof import("../../src/server/domain/vod/play-vod").playVod;
let previewVod: typeof import("../../src/server/domain/vod/preview-vod").previewVod;
let searchPublicVods: typeof import("../../src/server/domain/vod/search-public-vods").searchPublicVods;

const GiB = 1024 ** 3;
const HOUR = 3600_000;

before(async () => {
  ({ db, sql } = await integrationDbAccess());
  ({ playVod } = await import("../../src/server/domain/vod/play-vod"));
  ({ previewVod } = await import("../../src/server/domain/vod/preview-vod"));
  ({ searchPublicVods } = await import("../../src/server/domain/vod/search-public-vods"));
});

const as = (userId?: string): Ctx =>
  userId
    ? { actor: { kind: "user", userId, clientId: "www" }, db, sql, baseUrl: "http://k.test" }
    : { actor: { kind: "client", clientId: "www" }, db, sql };

/** A READY box item of `ownerId` published as a vod; returns the vod's id. */
async function vodOf(
  ownerId: string,
  vod: { licenseType?: "FREE" | "PAY_PER_VIEW"; title?: string } = {},
): Promise<{ vodId: string; boxId: string }> {
  const box = await db.boxItem.create({
    data: {
      ownerId,
      contentId: `urn:test:${randomUUID()}`,
      title: vod.title ?? "Clip",
      status: "READY",
      durationSeconds: 2,
      playableAt: new Date(),
    },
    select: { id: true },
  });
  const row = await db.vodItem.create({
    data: {
      boxItemId: box.id,
      ownerId,
      licenseType: vod.licenseType ?? "FREE",
      pricePerViewCents: vod.licenseType === "PAY_PER_VIEW" ? 250 : null,
    },
    select: { id: true },
  });
  return { vodId: row.id, boxId: box.id };
}

/** A PAID vod payment of `buyerId` (null: a public-token purchase) made `hoursAgo` hours ago; returns its trackingId. */
async function paid(vodId: string, sellerId: string, buyerId: string | null, hoursAgo: number): Promise<string> {
  const trackingId = randomBytes(16).toString("hex");
  const at = new Date(Date.now() - hoursAgo * HOUR);
  await db.payment.create({
    data: {
      trackingId,
      buyerId,
      sellerId,
      kind: "VOD",
      itemId: vodId,
      title: "Clip",
      amountCents: 250,
      currency: "EUR",
      provider: "sandbox",
      status: "PAID",
      expiresAt: new Date(at.getTime() + 24 * HOUR),
      settledAt: at,
      paidAt: at,
      createdAt: at,
    },
  });
  return trackingId;
}

describe("vod play rules", () => {
  test("the publisher's band used up: BAND_LIMIT_EXCEEDED with the vod for the audience (play and preview); the owner plays", async () => {
    const owner = await insertUser(db, { bandUsedBytes: BigInt(5 * GiB) });
    const viewer = await insertUser(db);
    const { vodId } = await vodOf(owner);
    for (const ctx of [as(viewer), as()]) {
      const played = await playVod(ctx, { vodId });
      assert.equal(played.result, "BAND_LIMIT_EXCEEDED");
      assert.equal(played.resource.vodId, vodId);
      assert.ok(!("srcs" in played));
      assert.equal((await previewVod(ctx, { vodId })).result, "BAND_LIMIT_EXCEEDED");
    }
    assert.equal((await playVod(as(owner), { vodId })).result, "PLAY");
    await db.user.update({ where: { id: owner }, data: { bandUsedBytes: BigInt(5 * GiB - 1) } });
    assert.equal((await playVod(as(viewer), { vodId })).result, "PLAY");
  });

  test("a purchase plays for PPV_ACCESS_HOURS (48) from its payment, then PAYMENT_REQUIRED again", async () => {
    const owner = await insertUser(db);
    const buyer = await insertUser(db);
    const { vodId } = await vodOf(owner, { licenseType: "PAY_PER_VIEW" });
    assert.equal((await playVod(as(buyer), { vodId })).result, "PAYMENT_REQUIRED");

    const old = await paid(vodId, owner, buyer, 49);
    assert.equal((await playVod(as(buyer), { vodId })).result, "PAYMENT_REQUIRED");
    assert.equal((await playVod(as(buyer), { vodId, trackingId: old })).result, "PAYMENT_REQUIRED");

    const recent = await paid(vodId, owner, null, 47);
    const played = await playVod(as(), { vodId, trackingId: recent });
    assert.equal(played.result, "PLAY");
    const expected = Date.now() + HOUR;
    assert.ok(Math.abs(played.accessUntil!.getTime() - expected) < 60_000, `access until ${played.accessUntil?.toISOString()}`);
    // the public-token purchase completed once; replays play as long as it lasts
    assert.ok((await db.payment.findUnique({ where: { trackingId: recent } }))?.completedAt);
    assert.equal((await playVod(as(buyer), { vodId, trackingId: recent })).result, "PLAY");

    await paid(vodId, owner, buyer, 1);
    assert.equal((await playVod(as(buyer), { vodId })).result, "PLAY", "the buyer's own purchase, without a trackingId");
  });
});

describe("search and visibility follow the content and the publisher", () => {
  test("box item text, publisher fields, vodPublic and the account's status are kept in the vod's search and listing", async () => {
    const word = `w${randomBytes(5).toString("hex")}`;
    const owner = await insertUser(db);
    const { vodId, boxId } = await vodOf(owner, { title: "First title" });
    const find = async (queryString: string) =>
      (await searchPublicVods(as(), { queryString, pageSize: 10, pageIndex: 0, conditions: undefined })).items.map((i) => i.vodId);

    assert.deepEqual(await find(word), []);
    await db.boxItem.update({ where: { id: boxId }, data: { tags: [word] } });
    assert.deepEqual(await find(word), [vodId]);
    await db.boxItem.update({ where: { id: boxId }, data: { tags: [], description: `about ${word}` } });
    assert.deepEqual(await find(word), [vodId]);
    await db.boxItem.update({ where: { id: boxId }, data: { description: null } });
    assert.deepEqual(await find(word), []);

    await db.user.update({ where: { id: owner }, data: { lastName: word } });
    assert.deepEqual(await find(word), [vodId]);
    await db.user.update({ where: { id: owner }, data: { vodPublic: false } });
    assert.deepEqual(await find(word), []);
    await db.user.update({ where: { id: owner }, data: { vodPublic: true, status: "DISABLED" } });
    assert.deepEqual(await find(word), []);
    await db.user.update({ where: { id: owner }, data: { status: "ACTIVE" } });
    assert.deepEqual(await find(word), [vodId]);
    await db.vodItem.update({ where: { id: vodId }, data: { public: false } });
    assert.deepEqual(await find(word), []);
  });

  test("a prefix finds the words that start with it and no other, in any script, alone or after other words", async () => {
    const stem = `p${randomBytes(4).toString("hex")}`;
    const shared = `s${randomBytes(4).toString("hex")}`;
    const owner = await insertUser(db);
    const plain = await vodOf(owner, { title: `${shared} ${stem}a` });
    const accented = await vodOf(owner, { title: `${shared} ${stem}é` });
    const greek = await vodOf(owner, { title: `${shared} ${stem}ωμέγα` });
    // the next word in byte order after every word of the stem
    await vodOf(owner, { title: `${shared} ${stem.slice(0, -1)}${String.fromCharCode(stem.charCodeAt(stem.length - 1) + 1)}` });
    const find = async (queryString: string) =>
      (await searchPublicVods(as(), { queryString, pageSize: 10, pageIndex: 0, conditions: undefined })).items.map((i) => i.vodId);

    const newestFirst = [greek.vodId, accented.vodId, plain.vodId];
    assert.deepEqual(await find(`${stem}*`), newestFirst);
    assert.deepEqual(await find(`${stem}ω*`), [greek.vodId]);
    assert.deepEqual(await find(`${shared} ${stem}*`), newestFirst);
    assert.deepEqual(await find(`${stem}`), []);
  });

  test("a box item with vods cannot be deleted (foreign key); deleting its owner takes both", async () => {
    const owner = await insertUser(db);
    const { vodId, boxId } = await vodOf(owner);
    await assert.rejects(db.boxItem.delete({ where: { id: boxId } }), (err: { code?: string }) => err.code === "P2003");
    await db.user.delete({ where: { id: owner } });
    assert.equal(await db.vodItem.findUnique({ where: { id: vodId } }), null);
    assert.equal(await db.boxItem.findUnique({ where: { id: boxId } }), null);
  });
});
