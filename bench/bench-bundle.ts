// A creator's bundle for the bundle benchmarks: their READY contents written by SQL as the ingest
// leaves them (a poster each: every item of an answer carries a signed poster URL), then put in a
// new bundle through the REST insert, 100 at a time, as a creator fills one.
import type { Api } from "../test/support/api";
import type { Sql } from "../test/support/database";

/**
 * `count` READY contents of the user `userCode` as the ingest leaves them, their contentIds
 * `urn:<tag>:<i>`, lasting `baseSeconds` plus up to 10 minutes (run with the server stopped on PGlite).
 */
export async function writeReadyContents(
  sql: Sql,
  userCode: string,
  count: number,
  o: { tag: string; baseSeconds: number },
): Promise<void> {
  await sql(
    `INSERT INTO "BoxItem" ("id", "resourceId", "ownerId", "contentId", "title", "tags", "status", "durationSeconds", "playableAt",
       "readyAt", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), gen_random_uuid(), u."id", 'urn:' || $3 || ':' || i, 'Bench content ' || i, '{}', 'READY', $4::int + i % 600,
       now(), now(), now() - i * interval '1 minute', now()
     FROM generate_series(1, $2::int) i CROSS JOIN "User" u WHERE u."userCode" = $1`,
    [userCode, count, o.tag, o.baseSeconds],
  );
}

/** `count` READY contents of the user `userCode`, each with its poster (run with the server stopped on PGlite). */
export async function writeBundleContents(sql: Sql, userCode: string, count: number): Promise<void> {
  await writeReadyContents(sql, userCode, count, { tag: "bench-bundle", baseSeconds: 60 });
  await sql(
    `INSERT INTO "Thumbnail" ("id", "ownerId", "storageKey", "mimeType", "width", "height", "sizeBytes", "boxItemId")
     SELECT gen_random_uuid(), b."ownerId", 'box/' || b."ownerId" || '/' || b."id" || '/poster.jpg', 'image/jpeg', 1280, 720, 90000, b."id"
     FROM "BoxItem" b JOIN "User" u ON u."id" = b."ownerId" WHERE u."userCode" = $1`,
    [userCode],
  );
}

/** A new bundle of the token's user holding `count` of their contents (a multiple of 100); its bundleId. */
export async function fillBundle(api: Api, token: string, count: number): Promise<string> {
  const bundle = await api.post(
    "/api/contentbundle",
    { name: "Bench bundle", price: "4,90", duration: 1, durationUnit: "MONTHS" },
    { token },
  );
  if (bundle.status !== 201) throw new Error(`create: ${bundle.status} ${bundle.text}`);
  const bundleId = bundle.body.bundleId as string;
  for (let page = 0; page < count / 100; page++) {
    const box = await api.post("/api/search/box/contents", { pageSize: 100, pageIndex: 0, excludeBundleId: bundleId }, { token });
    const sourceItems = box.body.items.map((i: { boxId: string }) => ({ boxId: i.boxId }));
    const res = await api.post(`/api/contentbundle/${bundleId}/items/insert`, { sourceItems, index: page * 50 }, { token });
    if (res.status !== 200) throw new Error(`insert: ${res.status} ${res.text.slice(0, 200)}`);
  }
  const check = await api.get(`/api/contentbundle/${bundleId}/items`, { token });
  if (check.body.items.length !== count || check.body.bundle.itemCount !== count)
    throw new Error(`the bundle holds ${check.body.items.length} items`);
  return bundleId;
}
