// A read cache whose entries live until the next committed change to the rows they come from, for
// embedded PGlite only.
//
// Why it is correct there: PGlite belongs to one process, so every write to the database goes
// through this process's PGlite session. A statement trigger on the watched columns NOTIFYs a
// channel; PostgreSQL sends the notification when the writing transaction commits (never for one
// that rolls back), and PGlite hands it to the listener, in a microtask queued while the committing
// statement runs, before that statement's promise resolves. So whoever made a change (an API call
// updating a page, a job, raw SQL, a cascade) only goes on (answers its client) after the cache is
// emptied. A load that read the database before a commit does not fill the cache after it: the
// generation it started in is gone. PGlite runs one query at a time and a transaction holds the
// database until it ends, so no load sees uncommitted rows of another request.
//
// Not on PostgreSQL: other processes (job workers, other instances) commit there too, and their
// notifications reach this process some time after their commit; an answer in between would be
// stale. The caller then has no cache and reads every time.
import type { PGlite } from "@electric-sql/pglite";

export class CommitCache<T> {
  private entries = new Map<string, T>();
  private generation = 0;

  constructor(private readonly maxEntries: number) {}

  /** Every entry is gone, and loads in flight will not be kept. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  /** The cached value of `key`, or what `load` reads (kept unless null or a commit came in between). */
  async get(key: string, load: () => Promise<T | null>): Promise<T | null> {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const generation = this.generation;
    const value = await load();
    if (value !== null && generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, value);
    }
    return value;
  }
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A table whose committed changes empty a cache: every INSERT, DELETE, TRUNCATE and UPDATE naming one of `columns`. */
export interface WatchedTable {
  table: string;
  columns: string[];
}

/**
 * A CommitCache emptied by every committed change to the watched tables (WatchedTable). Creates (or
 * replaces) the triggers and listens on their channel; run after the migrations.
 */
export async function watchedCache<T>(
  pglite: PGlite,
  opts: { name: string; watch: WatchedTable[]; maxEntries: number },
): Promise<CommitCache<T>> {
  const cache = new CommitCache<T>(opts.maxEntries);
  const channel = `kinora_${opts.name}`;
  const fn = `kinora_notify_${opts.name}`;
  const triggers = opts.watch.map(({ table, columns }) => {
    const target = `"public".${quote(table)}`;
    const trigger = `${channel}_${table.toLowerCase()}`;
    return `
    CREATE OR REPLACE TRIGGER ${trigger}_changed AFTER INSERT OR DELETE OR UPDATE OF ${columns.map(quote).join(", ")}
      ON ${target} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();
    CREATE OR REPLACE TRIGGER ${trigger}_truncated AFTER TRUNCATE ON ${target} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();`;
  });
  await pglite.exec(`
    CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_notify('${channel}', ''); RETURN NULL; END $$;${triggers.join("")}`);
  await pglite.listen(channel, () => cache.invalidate());
  return cache;
}

/** A commit-watched cache a read declares (declareCommitCache): its name, what it watches, its bound. */
export interface CommitCacheSpec<T> {
  name: string;
  watch: WatchedTable[];
  maxEntries: number;
  /** Phantom: the type of the values cached. */
  readonly __value?: T;
}

// Declarations of the whole process (Next bundles this module into several chunks): by name.
const declared = ((globalThis as unknown as { __kinoraCommitCaches?: Map<string, CommitCacheSpec<unknown>> }).__kinoraCommitCaches ??=
  new Map());

/**
 * Declares a commit-watched cache: the module that reads (the domain, above the database) says what
 * the cache is called and what its rows are read from; the database's client installs it on PGlite
 * (CommitCaches) and hands it out through the raw-SQL port (client.ts, SqlPort.cached).
 */
export function declareCommitCache<T>(spec: { name: string; watch: WatchedTable[]; maxEntries: number }): CommitCacheSpec<T> {
  declared.set(spec.name, spec);
  return spec;
}

/**
 * The commit-watched caches of one PGlite: every cache declared when it opens is installed then
 * (install); one declared later (a module loaded after the database opened) on its first use,
 * read uncached until its triggers are in place.
 */
export class CommitCaches {
  private caches = new Map<string, CommitCache<unknown>>();
  private installing = new Map<string, Promise<void>>();

  constructor(private readonly pglite: PGlite) {}

  /** Installs every cache declared so far. */
  async install(): Promise<void> {
    for (const spec of declared.values()) await this.installOne(spec);
  }

  /** The cache of `spec`, or undefined while it is being installed. */
  of<T>(spec: CommitCacheSpec<T>): CommitCache<T> | undefined {
    const cache = this.caches.get(spec.name);
    if (!cache && !this.installing.has(spec.name)) void this.installOne(spec).catch(() => this.installing.delete(spec.name));
    return cache as CommitCache<T> | undefined;
  }

  private installOne(spec: CommitCacheSpec<unknown>): Promise<void> {
    let pending = this.installing.get(spec.name);
    if (!pending) {
      pending = watchedCache(this.pglite, spec).then((cache) => void this.caches.set(spec.name, cache));
      this.installing.set(spec.name, pending);
    }
    return pending;
  }
}
