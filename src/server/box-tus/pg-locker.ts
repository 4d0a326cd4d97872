// The tus locker of several nodes (PostgreSQL): an upload is locked by a session advisory lock on a
// connection held while its request runs, so a node that dies lets go with its connection. A request
// that finds the upload locked asks the holder to let go (the event tus.release to every node,
// db/cluster-events.ts: the holding node's tus server then ends the request that holds it, as its
// in-memory locker does within one process) and tries again until it has the lock, or 30 s passed.
import pg from "pg";
import { ERRORS, type Lock, type Locker, type RequestRelease } from "@tus/utils";
import { onClusterEvent, publishClusterEvent } from "@/server/db/cluster-events";
import type { Db } from "@/server/db/client";

const TOPIC = "tus.release";
const RETRY_MS = 50;
const ASK_AGAIN_MS = 1000;

export class PgLocker implements Locker {
  readonly pool: pg.Pool;
  /** The uploads this process holds, and how to make their requests let go. */
  readonly held = new Map<string, RequestRelease>();

  constructor(
    databaseUrl: string,
    readonly db: Db,
    readonly timeoutMs = 30_000,
  ) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
    onClusterEvent(TOPIC, (id) => {
      if (id !== null) void this.held.get(id)?.();
    });
  }

  newLock(id: string): Lock {
    return new PgLock(this, id);
  }
}

class PgLock implements Lock {
  private client?: pg.PoolClient;
  private release?: RequestRelease;

  constructor(
    private readonly locker: PgLocker,
    private readonly id: string,
  ) {}

  async lock(stop: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.locker.timeoutMs;
    const client = await this.locker.pool.connect();
    let askedAt = 0;
    try {
      for (;;) {
        const { rows } = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok", [
          `kinora-tus:${this.id}`,
        ]);
        if (rows[0]?.ok) break;
        if (stop.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
        if (Date.now() - askedAt >= ASK_AGAIN_MS) {
          askedAt = Date.now();
          await publishClusterEvent(this.locker.db, TOPIC, this.id);
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    } catch (err) {
      client.release();
      throw err;
    }
    this.client = client;
    this.release = requestRelease;
    this.locker.held.set(this.id, requestRelease);
  }

  async unlock(): Promise<void> {
    const client = this.client;
    if (!client) throw new Error("Releasing an unlocked lock!");
    this.client = undefined;
    if (this.locker.held.get(this.id) === this.release) this.locker.held.delete(this.id);
    try {
      await client.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [`kinora-tus:${this.id}`]);
      client.release();
    } catch (err) {
      client.release(err instanceof Error ? err : true); // a broken connection: its locks went with it
    }
  }
}
