// The PGlite that Prisma's PGlite adapter talks to: the real instance, with a faster `query`.
//
// pglite-prisma-adapter runs every Prisma query through `PGlite.query(sql, values, { rowMode: "array",
// parsers })`. That path costs far more than the query itself on a small lookup (about 0.7 ms of CPU
// for a unique-index read, measured): PGlite copies its whole table of ~360 type parsers for each query
// that passes `parsers`, and makes six separate calls into the wasm engine (parse, describe, bind,
// describe, execute, sync), planning the statement every time.
//
// Here each distinct SQL text is prepared once as a named statement (Prisma builds its SQL from the
// query's shape, so the set is small; a bounded number is kept), and a query is one call into the
// engine: bind, execute, sync (the row description is the one read when the statement was prepared,
// not described again for every query: its column names cost as much to decode as a row). Rows are
// parsed with the adapter's parsers merged into PGlite's once. Results, errors (the same
// DatabaseError, with query and params attached), locking (PGlite's transaction and query mutexes),
// transactions and flushing to disk after a write outside a transaction are PGlite's own behaviour;
// everything but `query` is PGlite's own code.
import { parse, protocol, type PGlite, type Results, type Transaction } from "@electric-sql/pglite";
import type { ParserOptions, QueryOptions } from "@electric-sql/pglite";

/** Prepared statements kept per database session; the least recently used one is closed beyond this. */
const MAX_STATEMENTS = 500;

interface Prepared {
  name: string;
  paramTypes: number[];
  /** What its rows are made of (absent for a statement without rows): read once, at Describe. */
  rowDescription?: BackendMessage;
}

/** Prepared statements per PGlite instance (statement names belong to its one session) by SQL text; insertion order = least recently used first. */
const sessions = new WeakMap<PGlite, Map<string, Prepared>>();
let nextStatementId = 0;

function statementsOf(pglite: PGlite): Map<string, Prepared> {
  let statements = sessions.get(pglite);
  if (!statements) sessions.set(pglite, (statements = new Map()));
  return statements;
}

type Parsers = PGlite["parsers"];
type BackendMessage = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];
type Query = <T>(sql: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  let size = 0;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * The client to hand to `new PrismaPGlite(...)`: the PGlite instance itself for everything but
 * `query` (and `query` of the transactions it opens).
 */
export function pgliteForPrisma(pglite: PGlite, maxStatements = MAX_STATEMENTS): PGlite {
  const statements = statementsOf(pglite);
  const mergedParsers = new WeakMap<ParserOptions, Parsers>();

  const parsersFor = (extra: ParserOptions | undefined): Parsers => {
    if (!extra) return pglite.parsers;
    let merged = mergedParsers.get(extra);
    if (!merged) mergedParsers.set(extra, (merged = { ...pglite.parsers, ...extra }));
    return merged;
  };

  /** The prepared statement of a SQL text: Parse and Describe on first use; runs under the query mutex. */
  async function prepared(sql: string, options: QueryOptions | undefined): Promise<Prepared> {
    const key = options?.paramTypes?.length ? `${options.paramTypes.join(",")}\n${sql}` : sql;
    const known = statements.get(key);
    if (known) {
      statements.delete(key); // refresh its place in the LRU order
      statements.set(key, known);
      return known;
    }
    const name = `kinora_stmt_${nextStatementId++}`;
    const described = await pglite.execProtocolStream(
      concat([serialize.parse({ name, text: sql, types: options?.paramTypes }), serialize.describe({ type: "S", name }), serialize.sync()]),
      { syncToFs: false },
    );
    const rowDescription = described.find((m) => m.name === "rowDescription");
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described), rowDescription };
    statements.set(key, statement);
    if (statements.size > maxStatements) {
      const [oldestKey, oldest] = statements.entries().next().value!;
      statements.delete(oldestKey);
      try {
        await pglite.execProtocolStream(concat([serialize.close({ type: "S", name: oldest.name }), serialize.sync()]), { syncToFs: false });
      } catch {
        // only memory is at stake: a statement that could not be closed is never used again
      }
    }
    return statement;
  }

  /** PGlite's #runQuery, prepared and in one engine call; the caller holds the mutexes. */
  async function run<T>(sql: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
    if (options?.blob) throw new Error("pgliteForPrisma: blob queries are not supported");
    let messages: BackendMessage[];
    let statement: Prepared;
    try {
      statement = await prepared(sql, options);
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = statement.paramTypes[i]!;
        const serializer = options?.serializers?.[type] ?? pglite.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      messages = await pglite.execProtocolStream(
        concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
        { syncToFs: false },
      );
    } catch (e) {
      throw attachQuery(e, sql, params, options);
    }
    if (!inTransaction) await pglite.syncToFs();
    // the statement's row description, read when it was prepared, stands for the portal's (text results both)
    const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    return parse.parseResults(described, parsersFor(options?.parsers), { rowMode: options?.rowMode })[0] as Results<T>;
  }

  const query: Query = async (sql, params = [], options) => {
    await pglite._checkReady();
    return pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(() => run(sql, params, options, false)));
  };

  const transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    pglite.transaction((tx) => {
      const txQuery: Query = async (sql, params = [], options) => {
        if (tx.closed) throw new Error("Transaction is closed");
        return pglite._runExclusiveQuery(() => run(sql, params, options, true));
      };
      return callback(new Proxy(tx, { get: (target, key) => (key === "query" ? txQuery : Reflect.get(target, key)) }));
    });

  return new Proxy(pglite, {
    get(target, key) {
      if (key === "query") return query;
      if (key === "transaction") return transaction;
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function attachQuery(e: unknown, sql: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (e instanceof Error) Object.assign(e, { query: sql, params, queryOptions: options });
  return e;
}
