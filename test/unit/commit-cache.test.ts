// CommitCache on PGlite: an entry lives until a commit changes a watched column, the table's rows
// (insert, delete, truncate) or anything through a cascade; the invalidation is done before the
// committing statement's promise resolves; rollbacks and other columns leave it; a load that read
// before a commit is not kept; the size is bounded.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { PGlite } from "@electric-sql/pglite";
import { CommitCache, watchedCache } from "@/server/db/commit-cache";
import { pgliteForPrisma } from "@/server/db/pglite-prisma-client";
import { freshPgliteDir } from "../support/pglite-template";

let pglite: PGlite;
let fast: PGlite;
let cache: CommitCache<string>;
let loads = 0;

before(async () => {
  pglite = await PGlite.create(freshPgliteDir());
  fast = pgliteForPrisma(pglite);
  await pglite.exec(`
    CREATE TABLE "Owner" (id int PRIMARY KEY);
    CREATE TABLE "Person" (code text PRIMARY KEY, title text, visits int DEFAULT 0, owner int REFERENCES "Owner"(id) ON DELETE SET NULL);
    INSERT INTO "Owner" VALUES (1);
    INSERT INTO "Person" VALUES ('a', 'first', 0, 1), ('b', 'second', 0, NULL);`);
  cache = await watchedCache<string>(pglite, {
    name: "person_test",
    watch: [{ table: "Person", columns: ["code", "title", "owner"] }],
    maxEntries: 3,
  });
});
after(() => pglite.close());

const title = (code: string) =>
  cache.get(code, async () => {
    loads++;
    const { rows } = await fast.query<{ title: string | null }>(`SELECT title FROM "Person" WHERE code = $1`, [code]);
    return rows[0]?.title ?? null;
  });

/** Whether `change` empties the cache by the time its promise resolves. */
async function empties(change: () => Promise<unknown>): Promise<boolean> {
  await title("a");
  const before = loads;
  await title("a");
  assert.equal(loads, before, "cached");
  await change();
  await title("a");
  return loads > before;
}

test("commits that change watched data empty the cache before they resolve", async () => {
  assert.ok(await empties(() => fast.query(`UPDATE "Person" SET title = $1 WHERE code = $2`, ["changed", "a"])));
  assert.equal(await title("a"), "changed");
  assert.ok(await empties(() => pglite.exec(`UPDATE "Person" SET title = 'via exec' WHERE code = 'b'`)), "any row, any path");
  assert.ok(await empties(() => fast.query(`INSERT INTO "Person" (code) VALUES ($1)`, ["c"])));
  assert.ok(await empties(() => fast.query(`DELETE FROM "Person" WHERE code = $1`, ["c"])));
  assert.ok(
    await empties(() => fast.query(`WITH x AS (UPDATE "Person" SET title = 'cte' WHERE code = 'b' RETURNING 1) SELECT count(*) FROM x`)),
  );
  assert.ok(await empties(() => fast.query(`DELETE FROM "Owner" WHERE id = 1`)), "ON DELETE SET NULL of a watched column");
  assert.ok(
    await empties(() =>
      fast.transaction(async (tx) => {
        await tx.query(`UPDATE "Person" SET title = $1 WHERE code = $2`, ["in tx", "a"]);
      }),
    ),
  );
  assert.equal(await title("a"), "in tx");
});

test("rollbacks, reads and other columns leave the cache", async () => {
  assert.equal(await empties(() => fast.query(`UPDATE "Person" SET visits = visits + 1`)), false);
  assert.equal(await empties(() => fast.query(`SELECT * FROM "Person"`)), false);
  assert.equal(
    await empties(() =>
      fast.transaction(async (tx) => {
        await tx.query(`UPDATE "Person" SET title = 'rolled back' WHERE code = 'a'`);
        await tx.rollback();
      }),
    ),
    false,
  );
  assert.equal(await title("a"), "in tx");
});

test("a load that read before a commit is not kept", async () => {
  cache.invalidate();
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const stale = cache.get("a", async () => {
    const { rows } = await fast.query<{ title: string }>(`SELECT title FROM "Person" WHERE code = 'a'`);
    await gate; // the commit lands here, after the read
    return rows[0]!.title;
  });
  await fast.query(`UPDATE "Person" SET title = 'newer' WHERE code = 'a'`);
  release();
  assert.equal(await stale, "in tx"); // its own answer predates the commit
  assert.equal(await title("a"), "newer"); // but it was not cached
});

test("truncate empties it; misses are not cached; the size is bounded", async () => {
  assert.ok(await empties(() => pglite.exec(`TRUNCATE "Person"`)));
  const before = loads;
  assert.equal(await title("a"), null);
  assert.equal(await title("a"), null);
  assert.equal(loads, before + 2);

  const small = new CommitCache<number>(2);
  let n = 0;
  const get = (k: string) => small.get(k, async () => ++n);
  await get("x");
  await get("y");
  await get("z"); // x goes
  await get("y");
  assert.equal(n, 3);
  await get("x");
  assert.equal(n, 4);
});

test("a cache watching several tables is emptied by a commit to any of them", async () => {
  const both = await watchedCache<number>(pglite, {
    name: "owner_person_test",
    watch: [
      { table: "Person", columns: ["title"] },
      { table: "Owner", columns: ["id"] },
    ],
    maxEntries: 10,
  });
  let n = 0;
  const get = () => both.get("k", async () => ++n);
  await get();
  await get();
  assert.equal(n, 1);
  await fast.query(`INSERT INTO "Owner" VALUES (2)`);
  await get();
  assert.equal(n, 2, "second table");
  await fast.query(`INSERT INTO "Person" (code, title) VALUES ('d', 'x')`);
  await get();
  assert.equal(n, 3, "first table");
  await fast.query(`UPDATE "Person" SET visits = 5`);
  await get();
  assert.equal(n, 3, "an unwatched column");
});
