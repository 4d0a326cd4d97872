// The bundle row that the items statement reads by SQL (bundleRowSql, bundle-items.ts) against the one
// Prisma reads (bundleSelect): the same fields and values, timestamps included, on PGlite and on
// PostgreSQL. The process runs in a time zone other than UTC, where a timestamp read as local time
// would be hours off.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { before, test } from "node:test";
import { insertUser, integrationDbAccess, useIntegrationDatabase } from "../support/integration-db";

process.env.TZ = "America/Sao_Paulo";
useIntegrationDatabase("kinora-bundle-row-");

type Db = import("../../src/server/db/client").Db;
let db: Db;
let view: typeof import("../../src/server/domain/bundles/bundle-view");
let sql: import("../../src/server/db/sql-runner").SqlPort;

before(async () => {
  ({ db, sql } = await integrationDbAccess());
  view = await import("../../src/server/domain/bundles/bundle-view");
});

async function bothWays(bundleId: string) {
  const prisma = await db.bundle.findUniqueOrThrow({ where: { id: bundleId }, select: view.bundleSelect("owner") });
  const [row] = await sql.read<{ bundle: string }>(
    `SELECT ${view.bundleRowSql("b")}::text AS bundle FROM "Bundle" b WHERE b."id" = $1::uuid`,
    [bundleId],
  );
  return { prisma, sql: view.bundleRowOf(row!.bundle, prisma._count.items) };
}

test("a bundle with every optional field, of a creator whose license expires: the SQL row equals Prisma's", async () => {
  const ownerId = await insertUser(db, {
    licenseExpiresAt: new Date("2027-03-01T10:20:30.456Z"),
    pageTitle: "Films d'été",
    pageDescription: 'Quotes " and \\ backslashes',
    thumbnailId: randomUUID(),
    socialUrl1: "https://example.test/a",
    socialContact: "contact@example.test",
    socialUrl2: "https://example.test/b",
  });
  const bundle = await db.bundle.create({
    data: {
      ownerId,
      name: "Été — 10 films",
      description: "Line one\nline two",
      priceCents: 1234,
      duration: 3,
      durationUnit: "MONTHS",
      thumbnailId: randomUUID(),
      tags: ["summer", "film noir"],
      createdAt: new Date("2026-01-31T23:59:59.999Z"),
    },
  });
  const { prisma, sql } = await bothWays(bundle.id);
  assert.deepEqual(sql, prisma);
  assert.equal(sql.createdAt.toISOString(), "2026-01-31T23:59:59.999Z");
  assert.equal(sql.owner.licenseExpiresAt?.toISOString(), "2027-03-01T10:20:30.456Z");
  assert.deepEqual(view.toBundleView(sql), view.toBundleView(prisma));
});

test("a bare bundle of a creator on the free plan: nulls and an empty tag list come back as Prisma gives them", async () => {
  const ownerId = await insertUser(db);
  const bundle = await db.bundle.create({ data: { ownerId, name: "Bare", priceCents: 0, duration: 7, durationUnit: "DAYS", tags: [] } });
  const { prisma, sql } = await bothWays(bundle.id);
  assert.deepEqual(sql, prisma);
  assert.equal(sql.description, null);
  assert.equal(sql.owner.licenseExpiresAt, null);
  assert.deepEqual(sql.tags, []);
});
