// What the day editor warns about before a title airs on a free cast channel (domain/cast/title-sales.ts),
// against a real database: the owner's titles sold pay-per-view or only in a bundle are named with
// their price; a title also given away (FREE or CC), an expired or private vod, another user's item
// are not; another user's channel is a 404.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { before, test } from "node:test";
import { insertUser, integrationDbAccess, useIntegrationDatabase } from "../support/integration-db";

useIntegrationDatabase("kinora-cast-sales-");

type Db = import("../../src/server/db/client").Db;
type Ctx = import("../../src/server/core/context").Ctx;
let db: Db;
let sql: import("../../src/server/db/sql-runner").SqlPort;
let titleSales: typeof import("../../src/server/domain/cast/title-sales").titleSales;

before(async () => {
  ({ db, sql } = await integrationDbAccess());
  ({ titleSales } = await import("../../src/server/domain/cast/title-sales"));
});

const as = (userId: string): Ctx => ({ actor: { kind: "user", userId, clientId: "www" }, db, sql, baseUrl: "http://k.test" });

async function boxItem(ownerId: string): Promise<string> {
  const box = await db.boxItem.create({
    data: { ownerId, contentId: `urn:test:${randomUUID()}`, title: "Clip", status: "READY", durationSeconds: 6, playableAt: new Date() },
    select: { id: true },
  });
  return box.id;
}

type VodData = Omit<import("../../src/generated/prisma/client").Prisma.VodItemUncheckedCreateInput, "boxItemId" | "ownerId">;
const publish = (ownerId: string, boxItemId: string, data: VodData) => db.vodItem.create({ data: { boxItemId, ownerId, ...data } });

test("sold titles are named with their price; titles also given away, expired, private or not the caller's are not", async () => {
  const [owner, other] = [await insertUser(db), await insertUser(db)];
  const channel = await db.castChannel.create({ data: { ownerId: owner, name: "Harbour", streamPath: `harbour-${randomUUID()}` } });
  const bundle = await db.bundle.create({ data: { ownerId: owner, name: "Gold", priceCents: 990, duration: 1, durationUnit: "MONTHS" } });
  const [ppv, inBundle, alsoFree, expired, hidden, plain, foreign] = [
    await boxItem(owner),
    await boxItem(owner),
    await boxItem(owner),
    await boxItem(owner),
    await boxItem(owner),
    await boxItem(owner),
    await boxItem(other),
  ];
  await publish(owner, ppv, { licenseType: "PAY_PER_VIEW", pricePerViewCents: 499 });
  await publish(owner, inBundle, { licenseType: "CONTENT_BUNDLE", bundleId: bundle.id });
  await publish(owner, alsoFree, { licenseType: "PAY_PER_VIEW", pricePerViewCents: 499 });
  await publish(owner, alsoFree, { licenseType: "FREE" });
  await publish(owner, expired, { licenseType: "PAY_PER_VIEW", pricePerViewCents: 499, expirationDate: new Date("2020-01-01") });
  await publish(owner, hidden, { licenseType: "PAY_PER_VIEW", pricePerViewCents: 499, public: false });
  await publish(owner, plain, { licenseType: "FREE" });
  await publish(other, foreign, { licenseType: "PAY_PER_VIEW", pricePerViewCents: 499 });

  const answer = await titleSales(as(owner), {
    channelId: channel.id,
    boxIds: [ppv, inBundle, alsoFree, expired, hidden, plain, foreign, "not-a-uuid"],
  });
  assert.equal(answer.channelFree, true);
  assert.deepEqual(Object.keys(answer.sales).sort(), [ppv, inBundle].sort());
  assert.deepEqual(answer.sales[ppv], [{ kind: "PAY_PER_VIEW", priceCents: 499, currency: "EUR" }]);
  assert.deepEqual(answer.sales[inBundle], [
    {
      kind: "CONTENT_BUNDLE",
      bundleId: bundle.id,
      bundleName: "Gold",
      priceCents: 990,
      currency: "EUR",
      duration: 1,
      durationUnit: "MONTHS",
    },
  ]);
  await assert.rejects(titleSales(as(other), { channelId: channel.id, boxIds: [ppv] }), { name: "DomainError", code: "NOT_FOUND" });
});
