// A Kinora server of a test file's own, for tests that change its rows with SQL or kill it with -9:
// on PGlite its own DATA_DIR (the database belongs to the server process: SQL runs with the server
// stopped, which is then started again on a new port), on PostgreSQL (DATABASE_URL set) a database of
// its own, read and changed while the server runs. Registers the file's before and after hooks.
import { setTimeout as sleep } from "node:timers/promises";
import { after, before } from "node:test";
import { preparePostgres } from "../../scripts/test-postgres";
import { Api } from "./api";
import { withDatabase, type Sql } from "./database";
import { ALL_ROLES, startKinora, type Kinora } from "./server";

export interface OwnServer {
  /** A client of the server as it runs now (each restart takes a new port). */
  api(): Api;
  /** Whether the database is PostgreSQL (changes are seen while the server runs). */
  readonly postgres: boolean;
  /** Runs SQL on the server's database: on PGlite with the server stopped, then started again. */
  sql<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  /** kill -9 of the server, then a restart on the same DATA_DIR (and database). */
  killAndRestart(): Promise<void>;
  /** Tokens survive a restart (signed with the instance's key); a fresh login on the new port is all it takes. */
  relogin<U extends { userCode: string; password: string; access: string }>(u: U): Promise<U>;
}

export function ownServer(): OwnServer {
  let server: Kinora | undefined;
  let dataDir: string;
  let ownDb: { url: string; drop(): Promise<void> } | undefined;
  const serverEnv = () => ({ SMTP_URL: "", ...(ownDb ? { DATABASE_URL: ownDb.url, ...ALL_ROLES } : {}) });

  before(async () => {
    ownDb = process.env.DATABASE_URL ? await preparePostgres() : undefined;
    server = await startKinora(serverEnv());
    dataDir = server.dataDir;
  });
  after(async () => {
    await server?.stop();
    await ownDb?.drop();
  });

  const api = () => new Api(server!.url);
  return {
    api,
    get postgres() {
      return ownDb !== undefined;
    },
    async sql(fn) {
      if (ownDb) return withDatabase({ dataDir, databaseUrl: ownDb.url }, fn);
      await server!.stop();
      server = undefined;
      try {
        return await withDatabase({ dataDir }, fn);
      } finally {
        server = await startKinora({ ...serverEnv(), DATA_DIR: dataDir });
      }
    },
    async killAndRestart() {
      process.kill(server!.pid!, "SIGKILL");
      server = undefined;
      await sleep(500);
      server = await startKinora({ ...serverEnv(), DATA_DIR: dataDir });
    },
    relogin: async (u) => ({ ...u, access: (await api().login(u.userCode, u.password)).access }),
  };
}
