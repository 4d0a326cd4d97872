// Backup and restore (docs/operations.md "Backup and restore"): `npm run backup` of a running instance
// with users, a vod and a purchase, `npm run restore` into an empty DATA_DIR (and, on PostgreSQL, an
// empty database), then a server on the restored data: the users log in, the vod plays, the purchase
// holds. Refusals: a DATA_DIR or database that is not empty.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { preparePostgres } from "../../scripts/test-postgres";
import { Api } from "../support/api";
import { payThroughSandbox } from "../support/checkout";
import { ALL_ROLES, startKinora, type Kinora } from "../support/server";
import { walkLadder } from "./playback-fixtures";
import { newUser, type TestUser } from "./users-fixtures";
import { publish, readyItem, uniqueWord } from "./vod-fixtures";

const postgres = Boolean(process.env.DATABASE_URL);
type Db = { url: string; drop(): Promise<void> };
const dbs: Db[] = [];
const servers: Kinora[] = [];
const newDb = async () => {
  const db = await preparePostgres();
  dbs.push(db);
  return db;
};
const start = async (env: Record<string, string | undefined>) => {
  const server = await startKinora({ SMTP_URL: "", ...env });
  servers.push(server);
  return server;
};
const serverEnv = (dataDir: string | undefined, db: Db | undefined) => ({
  ...(dataDir ? { DATA_DIR: dataDir } : {}),
  ...(db ? { DATABASE_URL: db.url, ...ALL_ROLES } : { DATABASE_URL: undefined }),
});

/** `npm run backup|restore -- FILE` with this environment: its exit code and output. */
function npmRun(script: "backup" | "restore", file: string, env: Record<string, string | undefined>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name];
  return new Promise<{ code: number; output: string }>((resolve) =>
    execFile("npm", ["run", "--silent", script, "--", file], { env: childEnv, timeout: 180_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
    ),
  );
}

const work = mkdtempSync(path.join(os.tmpdir(), "kinora-backup-"));
let source: Kinora;
let sourceDb: Db | undefined;
let creator: TestUser;
let buyer: TestUser;
let free: any;
let ppv: any;
const archive = path.join(work, "kinora.tar.gz");

before(async () => {
  sourceDb = postgres ? await newDb() : undefined;
  source = await start(serverEnv(undefined, sourceDb));
  const api = new Api(source.url);
  [creator, buyer] = [await newUser(api), await newUser(api)];
  const item = await readyItem(api, creator.access, { title: `Backed up ${uniqueWord()}` });
  free = await publish(api, creator.access, item.boxId);
  ppv = await publish(api, creator.access, item.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: "3,00" });
  const started = await api.post(
    `/api/vod/${ppv.vodId}/pay`,
    { embedded: "false", mobile: false, returnUrl: `${api.url}/back`, cancelUrl: `${api.url}/cancel` },
    { token: buyer.access },
  );
  assert.equal(started.status, 200, started.text);
  await payThroughSandbox(started.body.url, started.body.trackingId);
});

after(async () => {
  for (const server of servers) await server.stop();
  for (const db of dbs) await db.drop();
});

/** The buyer's play of the pay-per-view vod, and a free play whose signed ladder answers. */
async function assertInstanceWorks(server: Kinora): Promise<void> {
  const api = new Api(server.url);
  for (const user of [creator, buyer]) {
    const res = await api.token({ grant_type: "password", username: user.userCode, password: user.password });
    assert.equal(res.status, 200, `${user.userCode} logs in: ${res.text}`);
  }
  const { access } = await api.login(buyer.userCode, buyer.password);
  const play = await api.post(`/api/public/vod/${free.vodId}/play`, {}, { token: await api.publicToken() });
  assert.equal(play.status, 200, play.text);
  assert.equal(play.body.result, "PLAY");
  assert.ok(play.body.streamer.startsWith(`${server.url}/media/`), play.body.streamer);
  const { bytes } = await walkLadder(play.body.streamer);
  assert.ok(bytes > 1000, `the ladder plays (${bytes} bytes)`);
  const bought = await api.post(`/api/vod/${ppv.vodId}/play`, {}, { token: access });
  assert.equal(bought.status, 200, bought.text);
  assert.equal(bought.body.result, "PLAY", "the purchase holds");
  const stranger = await newUser(api);
  const refused = await api.post(`/api/vod/${ppv.vodId}/play`, {}, { token: stranger.access });
  assert.equal(refused.body.result, "PAYMENT_REQUIRED");
}

describe(`backup and restore (${postgres ? "PostgreSQL" : "PGlite"})`, () => {
  test("npm run backup writes one archive, mode 0600, of the running instance", async () => {
    const res = await npmRun("backup", archive, serverEnv(source.dataDir, sourceDb));
    assert.equal(res.code, 0, res.output);
    assert.match(res.output, /backup written: .*mode 0600/);
    assert.equal(statSync(archive).mode & 0o777, 0o600);
    const listing = await new Promise<string>((resolve, reject) =>
      execFile("tar", ["-tzf", archive], (err, stdout) => (err ? reject(err) : resolve(stdout))),
    );
    const members = listing.split("\n");
    for (const member of ["kinora-backup.json", postgres ? "database/postgresql.dump" : "database/pglite.tar.gz", "secrets/auth-secret"])
      assert.ok(members.includes(member), `${member} in:\n${listing}`);
    assert.ok(
      members.some((m) => m.startsWith("storage/") && m.endsWith("master.m3u8")),
      `the media files are in the archive:\n${listing}`,
    );
    assert.ok(!members.some((m) => m.split("/").some((part) => part.startsWith("."))), "no temp file of a put in progress");
    // the source still serves after its backup
    assert.equal((await fetch(`${source.url}/readyz`)).status, 200);
    const again = await npmRun("backup", archive, serverEnv(source.dataDir, sourceDb));
    assert.notEqual(again.code, 0);
    assert.match(again.output, /exists: give a new file name/);
  });

  test("npm run restore fills an empty DATA_DIR (and database): users log in, the vod plays, the purchase holds", async () => {
    const dataDir = path.join(work, "restored");
    const db = postgres ? await newDb() : undefined;
    const res = await npmRun("restore", archive, serverEnv(dataDir, db));
    assert.equal(res.code, 0, res.output);
    assert.match(res.output, /restored (pglite|postgresql) database and local storage/);
    assert.equal(statSync(path.join(dataDir, "auth-secret")).mode & 0o777, 0o600);
    // the source stopped: the restored instance stands on its own data
    await source.stop();
    await assertInstanceWorks(await start(serverEnv(dataDir, db)));
  });

  test("restore refuses a DATA_DIR or a database that is not empty, and an archive of the other database", async () => {
    const full = mkdtempSync(path.join(work, "full-"));
    writeFileSync(path.join(full, "something"), "x");
    const refused = async (env: Record<string, string | undefined>, message: RegExp) => {
      const res = await npmRun("restore", archive, env);
      assert.equal(res.code, 1, res.output);
      assert.match(res.output, message);
    };
    const empty = path.join(work, "empty");
    await refused(serverEnv(full, postgres ? await newDb() : undefined), /restore refused: DATA_DIR .* is not empty/);
    if (sourceDb) {
      await refused(serverEnv(empty, sourceDb), /restore refused: the database of DATABASE_URL is not empty/);
      await refused(serverEnv(empty, undefined), /restore refused: this archive holds a PostgreSQL database: set DATABASE_URL/);
    } else {
      await refused(
        { DATA_DIR: empty, DATABASE_URL: "postgresql://127.0.0.1:1/none" },
        /restore refused: this archive holds an embedded \(PGlite\) database: restore it without DATABASE_URL/,
      );
    }
  });
});
