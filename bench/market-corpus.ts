// A synthetic marketplace for the marketplace search benchmark: the vod catalogue of
// bench/vod-corpus.ts (creators with names and pages, READY box items with made-up words drawn with a
// Zipf-like law), each of its box items listed once on the marketplace. Written by SQL on the
// server's database (run with the server stopped on PGlite); the listing triggers fill the search
// vector as for any listing. License types 30 % FREE, 20 % CREATIVE_COMMONS, 20 % SPOT_PRICE, 15 %
// PAY_PER_VIEW, 15 % REVENUE_SHARING; a third of the free kinds with download; publishing dates over
// the last two years.
import type { Sql } from "../test/support/database";
import { writeCorpus, type CorpusSize } from "./vod-corpus";

export async function writeMarketCorpus(sql: Sql, size: CorpusSize): Promise<void> {
  await writeCorpus(sql, size);
  await sql(
    `INSERT INTO "MarketplaceItem" ("id", "boxItemId", "ownerId", "licenseType", "ccType", "activationPriceCents", "pricePerViewCents",
       "earningPercentage", "download", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), b."id", b."ownerId", t.license::"MarketLicenseType",
       CASE WHEN t.license = 'CREATIVE_COMMONS' THEN (ARRAY['BY','BY_SA','BY_ND','BY_NC','BY_NC_SA','BY_NC_ND'])[1 + (t.r * 600)::int % 6]::"CcType" END,
       CASE WHEN t.license = 'SPOT_PRICE' THEN 500 + (t.r * 5000)::int END,
       CASE WHEN t.license = 'PAY_PER_VIEW' THEN 10 + (t.r * 100)::int END,
       CASE WHEN t.license = 'REVENUE_SHARING' THEN 5 + (t.r * 50)::int END,
       t.license IN ('FREE', 'CREATIVE_COMMONS', 'SPOT_PRICE') AND (t.r * 1000)::int % 3 = 0,
       b."createdAt", now()
     FROM "BoxItem" b
     CROSS JOIN LATERAL (SELECT CASE WHEN r < 0.3 THEN 'FREE' WHEN r < 0.5 THEN 'CREATIVE_COMMONS' WHEN r < 0.7 THEN 'SPOT_PRICE'
                                     WHEN r < 0.85 THEN 'PAY_PER_VIEW' ELSE 'REVENUE_SHARING' END AS license, r
                         FROM (SELECT random() + 0 * length(b."title") AS r) x) t
     WHERE b."contentId" LIKE 'urn:bench:%'`,
  );
  await sql(`VACUUM ANALYZE "MarketplaceItem"`);
}
