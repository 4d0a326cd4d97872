// pgliteForPrisma: the query path Prisma's PGlite adapter uses (prepared statements, one engine call
// per query) answers exactly as PGlite's own query: rows, parsed values, counts, errors, transactions;
// prepared statements stay bounded.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { PGlite, messages, type ParserOptions } from "@electric-sql/pglite";
import { pgliteForPrisma } from "@/server/db/pglite-prisma-client";
import { freshPgliteDir } from "../support/pglite-template";

let pglite: PGlite;
let fast: PGlite;
// what the adapter passes: raw strings for some types (here: timestamps and numeric)
const parsers: ParserOptions = { 1114: (x: string) => `ts:${x}`, 1700: (x: string) => x };
const asAdapter = { rowMode: "array" as const, parsers };

before(async () => {
  pglite = await PGlite.create(freshPgliteDir());
  fast = pgliteForPrisma(pglite, 3);
  await pglite.exec(`
    CREATE TYPE mood AS ENUM ('HAPPY', 'SAD');
    CREATE TABLE t (
      id int4 PRIMARY KEY, big int8, name text UNIQUE, at timestamp(3), atz timestamptz, ok bool, amount numeric(12,2),
      doc jsonb, uid uuid, bin bytea, tags text[], m mood
    );`);
});
after(() => pglite.close());

/** The same query through PGlite and through the fast path: same outcome. */
async function same(sql: string, params: unknown[] = [], options: object = asAdapter): Promise<unknown> {
  const expected = await pglite.query(sql, params, options).then(
    (r) => ({ ok: r }),
    (e: unknown) => ({ err: e }),
  );
  const got = await fast.query(sql, params, options).then(
    (r) => ({ ok: r }),
    (e: unknown) => ({ err: e }),
  );
  if ("err" in expected) {
    assert.ok("err" in got, `${sql}: should fail`);
    assert.ok(got.err instanceof messages.DatabaseError);
    const [e, g] = [expected.err as messages.DatabaseError, got.err as messages.DatabaseError];
    assert.equal(g.code, e.code);
    assert.equal(g.message, e.message);
    assert.equal((g as unknown as { query: string }).query, sql);
    return g;
  }
  assert.ok("ok" in got, `${sql}: ${String((got as { err: unknown }).err)}`);
  assert.deepEqual(got.ok, expected.ok);
  return got.ok;
}

test("rows, parsed values and counts are PGlite's", async () => {
  const row = [1, 9007199254740993n, "a", "2024-05-06 07:08:09.123", new Date("2024-05-06T07:08:09Z"), true, "12.50"];
  const more = [{ k: [1, "x"] }, "4b1f7c1e-3a86-4b7e-9d40-6f3c0a1d2e55", new Uint8Array([0, 255, 7]), ["x", "y,z", null], "HAPPY"];
  const insert = `INSERT INTO t (id, big, name, at, atz, ok, amount, doc, uid, bin, tags, m) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`;
  await fast.query(insert, [...row, ...more]);
  await pglite.query(insert, [2, null, "b", null, null, false, "0", null, null, null, [], "SAD"]);
  await same(`SELECT * FROM t ORDER BY id`);
  await same(`SELECT * FROM t ORDER BY id`, [], {}); // object rows, PGlite's own parsers
  await same(`SELECT * FROM t WHERE id = $1`, [1]);
  await same(`SELECT * FROM t WHERE name = ANY($1) AND m = CAST($2::text AS mood)`, [["a", "b"], "HAPPY"]);
  await same(`SELECT * FROM t WHERE id = $1`, [42]); // no rows
  const updated = (await same(`UPDATE t SET ok = $1 WHERE id > $2`, [true, 0])) as { affectedRows: number };
  assert.equal(updated.affectedRows, 2);
  await same(`UPDATE t SET ok = $1 WHERE id > $2 RETURNING id, ok`, [false, 1]);
});

test("errors are PGlite's DatabaseError, and a failed statement is not kept", async () => {
  await same(`INSERT INTO t (id, name) VALUES ($1, $2)`, [1, "dup"]); // 23505 primary key
  await same(`SELEC 1`); // syntax error
  await same(`SELECT * FROM t WHERE m = CAST($1::text AS mood)`, ["ANGRY"]); // invalid enum input at bind
  await same(`SELECT 1 AS one`); // the session is usable afterwards
});

test("transactions commit and roll back, and a closed one refuses queries", async () => {
  await fast.transaction(async (tx) => {
    await tx.query(`INSERT INTO t (id, name) VALUES ($1, $2)`, [10, "in-tx"]);
    assert.equal((await tx.query(`SELECT count(*)::int AS n FROM t WHERE id = $1`, [10])).rows.length, 1);
  });
  assert.deepEqual((await fast.query(`SELECT name FROM t WHERE id = $1`, [10])).rows, [{ name: "in-tx" }]);

  let closed: Parameters<Parameters<PGlite["transaction"]>[0]>[0] | undefined;
  await fast.transaction(async (tx) => {
    closed = tx;
    await tx.query(`INSERT INTO t (id, name) VALUES ($1, $2)`, [11, "rolled-back"]);
    await tx.rollback();
  });
  assert.deepEqual((await fast.query(`SELECT name FROM t WHERE id = $1`, [11])).rows, []);
  await assert.rejects(closed!.query(`SELECT 1`), /Transaction is closed/);

  await assert.rejects(
    fast.transaction(async (tx) => {
      await tx.query(`INSERT INTO t (id, name) VALUES ($1, $2)`, [12, "failed"]);
      await tx.query(`INSERT INTO t (id, name) VALUES ($1, $2)`, [12, "failed"]);
    }),
    (e: unknown) => e instanceof messages.DatabaseError && e.code === "23505",
  );
  assert.deepEqual((await fast.query(`SELECT name FROM t WHERE id = $1`, [12])).rows, []);
});

test("prepared statements are bounded, and an evicted one is prepared again", async () => {
  for (let i = 0; i < 10; i++) await same(`SELECT $1::int + ${i} AS n`, [i]);
  const { rows } = await pglite.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'kinora_stmt_%'`,
  );
  assert.ok(rows[0]!.n <= 3, `${rows[0]!.n} statements kept`);
  await same(`SELECT $1::int + 0 AS n`, [5]);
});
