// A synthetic vod catalogue for the vod search benchmark: `creators` users with names and pages and
// `vods` READY box items published as vods, written by SQL on the server's database (run with the
// server stopped on PGlite). Words come from a vocabulary of pronounceable made-up words drawn with
// a Zipf-like law (P(rank k) ~ 1/k), as in real text: a few words are everywhere, most are rare.
// Deterministic for a given size (setseed). The vod triggers fill the search vector as for any vod.
import { randomBytes } from "node:crypto";
import type { Sql } from "../test/support/database";

export const VOCABULARY_SIZE = 5000;
const SYLLABLES = "ka lo mi te su na ri po de fa gu ze bo ni ta ve lu co ra si me do pa ti ko la ve mo ne ba".split(" ");

/** The vocabulary, most frequent first (word of rank k at index k - 1). */
export function vocabulary(): string[] {
  const words: string[] = [];
  for (let i = 0; words.length < VOCABULARY_SIZE; i++) {
    const n = SYLLABLES.length;
    const word = SYLLABLES[i % n]! + SYLLABLES[Math.floor(i / n) % n]! + SYLLABLES[(Math.floor(i / (n * n)) + i) % n]!;
    if (!words.includes(word)) words.push(word);
  }
  return words;
}

/** An array of `count` words of the vocabulary (Zipf-like ranks); it names the row `i`, so every row draws its own. */
const wordArray = (count: string) =>
  `ARRAY(SELECT ($1::text[])[floor(exp(random() * ln(${VOCABULARY_SIZE})))::int] FROM generate_series(1, ${count}) WHERE i IS NOT NULL)`;

/** The same words, space-separated. */
const words = (count: string) => `array_to_string(${wordArray(count)}, ' ')`;

export interface CorpusSize {
  creators: number;
  vods: number;
}

/**
 * Writes the catalogue. Visibility as on a real instance: 5 % of creators with features.vodPublic
 * off, 10 % of vods not public, 5 % expired; license types 60 % FREE, 20 % CREATIVE_COMMONS, 20 %
 * PAY_PER_VIEW; publishing dates over the last two years.
 */
export async function writeCorpus(sql: Sql, size: CorpusSize): Promise<void> {
  const vocab = vocabulary();
  await sql(`SELECT setseed(0.42)`);
  await sql(
    `INSERT INTO "User" ("id", "userCode", "email", "passwordHash", "firstName", "lastName", "birthDate", "language",
       "pageTitle", "pageDescription", "vodPublic", "updatedAt")
     SELECT gen_random_uuid(), 'creator' || i, 'creator' || i || '@bench.test', 'x', initcap(${words("1")}), initcap(${words("1")}),
       DATE '1990-01-01', 'en', initcap(${words("2 + (random() * 2)::int")}), ${words("5 + (random() * 5)::int")},
       random() >= 0.05, now()
     FROM generate_series(1, $2::int) i`,
    [vocab, size.creators],
  );
  await sql(
    `CREATE TEMP TABLE bench_owner AS SELECT row_number() OVER (ORDER BY "userCode") AS n, "id" FROM "User" WHERE "email" LIKE '%@bench.test'`,
  );
  await sql(
    `INSERT INTO "BoxItem" ("id", "resourceId", "ownerId", "contentId", "title", "description", "tags", "status", "durationSeconds", "playableAt",
       "readyAt", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), gen_random_uuid(), o."id", 'urn:bench:' || i, initcap(${words("3 + (random() * 3)::int")}),
       ${words("8 + (random() * 12)::int")},
       ${wordArray("2 + (i % 3)")},
       'READY', 30 + random() * 600, now(), now(), now() - random() * interval '730 days', now()
     FROM generate_series(1, $2::int) i JOIN bench_owner o ON o.n = 1 + (i % $3::int)`,
    [vocab, size.vods, size.creators],
  );
  await sql(
    `INSERT INTO "VodItem" ("id", "boxItemId", "ownerId", "licenseType", "ccType", "pricePerViewCents", "public", "expirationDate",
       "createdAt", "updatedAt")
     SELECT gen_random_uuid(), b."id", b."ownerId", t.license::"VodLicenseType",
       CASE WHEN t.license = 'CREATIVE_COMMONS' THEN (ARRAY['BY','BY_SA','BY_ND','BY_NC','BY_NC_SA','BY_NC_ND'])[1 + (t.r * 600)::int % 6]::"CcType" END,
       CASE WHEN t.license = 'PAY_PER_VIEW' THEN 99 + (t.r * 1000)::int END,
       random() >= 0.10, CASE WHEN random() < 0.05 THEN DATE '2020-01-01' END, b."createdAt", now()
     FROM "BoxItem" b
     CROSS JOIN LATERAL (SELECT CASE WHEN r < 0.6 THEN 'FREE' WHEN r < 0.8 THEN 'CREATIVE_COMMONS' ELSE 'PAY_PER_VIEW' END AS license, r
                         FROM (SELECT random() + 0 * length(b."title") AS r) x) t
     WHERE b."contentId" LIKE 'urn:bench:%'`,
  );
  await sql(`ANALYZE "User"`);
  await sql(`ANALYZE "BoxItem"`);
  await sql(`ANALYZE "VodItem"`);
}

/**
 * The newest listed pay-per-view vod of the catalogue, and a paid public-token purchase of it (a
 * PAID payment whose trackingId is the viewer's proof): what the play of an entitled viewer needs.
 */
export async function paidPayPerView(sql: Sql): Promise<{ vodId: string; userCode: string; trackingId: string }> {
  const [vod] = await sql<{ id: string; ownerId: string; userCode: string }>(
    `SELECT v."id", v."ownerId", u."userCode" FROM "VodItem" v JOIN "User" u ON u."id" = v."ownerId"
     WHERE v."listed" AND v."expirationDate" IS NULL AND v."licenseType" = 'PAY_PER_VIEW' ORDER BY v."createdAt" DESC LIMIT 1`,
  );
  const trackingId = randomBytes(16).toString("hex");
  await sql(
    `INSERT INTO "Payment" ("id", "trackingId", "sellerId", "kind", "itemId", "title", "amountCents", "currency", "status", "provider",
       "expiresAt", "settledAt", "paidAt", "updatedAt")
     VALUES (gen_random_uuid(), $1, $2, 'VOD', $3, 'Bench vod', 250, 'EUR', 'PAID', 'sandbox', now() + interval '1 day', now(), now(), now())`,
    [trackingId, vod!.ownerId, vod!.id],
  );
  return { vodId: vod!.id, userCode: vod!.userCode, trackingId };
}
