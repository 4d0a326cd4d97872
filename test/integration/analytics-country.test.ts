// The viewers' countries (src/server/domain/analytics/viewer-country.ts) with a GeoIP database
// (GEOIP_DATABASE: a MaxMind DB written by the test, test/support/country-mmdb.ts): looked up at
// intake from the address, kept as the code alone, counted per view; an address the database does not
// know has none. The whole intake path on a real database: a play session's beacons accepted,
// written, read back by source and country.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { test } from "node:test";
import { writeCountryMmdb } from "../support/country-mmdb";
import { integrationDbAccess, useIntegrationDatabase } from "../support/integration-db";

const dataDir = useIntegrationDatabase("kinora-analytics-country-");
process.env.GEOIP_DATABASE = path.join(dataDir, "countries.mmdb");
writeCountryMmdb(process.env.GEOIP_DATABASE, { "203.0.113.0/24": "IT", "198.51.100.0/24": "FR" });

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

test("countries from the addresses at intake, by view; none for an unknown address", async () => {
  const access = await integrationDbAccess();
  const { countryOf } = await import("../../src/server/domain/analytics/viewer-country");
  assert.equal(await countryOf("203.0.113.9"), "IT");
  assert.equal(await countryOf("198.51.100.200"), "FR");
  assert.equal(await countryOf("192.0.2.1"), undefined);
  assert.equal(await countryOf("2001:db8::1"), undefined, "an IPv6 address in an IPv4 database");
  assert.equal(await countryOf(undefined), undefined);

  const { issuePlaySession } = await import("../../src/server/auth/play-session");
  const { acceptBeacons, flushBeacons } = await import("../../src/server/domain/analytics/intake");
  const { contentAudience, dayRangeOf } = await import("../../src/server/domain/analytics/audience-reads");
  const itemId = randomUUID();
  const ownerId = randomUUID();
  const sixSeconds = ["start", 2, 4, 6].map((p) => (p === "start" ? { type: "start" } : { type: "progress", position: p as number }));
  // three viewers, played 10 s ago: from Italy, France, and an address the database does not know
  for (const address of ["203.0.113.9", "198.51.100.200", "192.0.2.1"]) {
    const { token } = issuePlaySession({ kind: "cast", itemId, ownerId, source: "direct", durationSeconds: 0 }, Date.now() - 10_000);
    await acceptBeacons({ ...access, actor: { kind: "anonymous" }, address, userAgent: CHROME }, { session: token, events: sixSeconds });
  }
  await flushBeacons();
  const today = new Date().toISOString().slice(0, 10);
  const audience = await contentAudience(access, itemId, dayRangeOf({ from: today, to: today }));
  assert.equal(audience.totals.views, 3);
  assert.deepEqual(audience.breakdown.countries, { IT: 1, FR: 1 });
  assert.deepEqual(audience.breakdown.sources, { direct: 3 });
  const stored = await access.db.analyticsEvent.findMany({ where: { itemId, type: "view" }, select: { country: true } });
  assert.deepEqual(stored.map((e) => e.country).sort(), ["FR", "IT", null]);
});
