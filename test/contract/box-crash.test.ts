// kill -9 of the process running an ingest job, mid-ladder (after a remux, and after the lowest rung
// came first): after a restart on the same DATA_DIR (and database) the job is retried, the item reaches
// READY, every rendition exists once and whole, and the owner is mailed once. kill -9 mid-upload: a tus upload goes on after
// the restart; a multipart upload's temp file is swept and its progress bar falls back to 0.
// PGlite: the server runs the worker and is killed. PostgreSQL: the server runs it too
// (every role, a one-box deployment), on a database of its own, with a short job lease.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { Api } from "../support/api";
import { withDatabase } from "../support/database";
import { mailsTo, waitForMail } from "../support/mailbox";
import { makeH264AacMp4, makeMediaDir, makeVp9OpusWebm } from "../support/media-fixtures";
import { ALL_ROLES, startKinora, type Kinora } from "../support/server";
import { preparePostgres } from "../../scripts/test-postgres";
import { newUser } from "./users-fixtures";
import {
  isFinal,
  itemFiles,
  pendingUploadFiles,
  sleep,
  storageFiles,
  streamUpload,
  tusCreate,
  tusHead,
  tusPatch,
  uploadFile,
  waitForItem,
} from "./box-fixtures";

let server: Kinora | undefined;
let ownDb: { url: string; drop(): Promise<void> } | undefined;

before(async () => {
  ownDb = process.env.DATABASE_URL ? await preparePostgres() : undefined;
});
after(async () => {
  await server?.stop();
  await ownDb?.drop();
});

const serverEnv = () => ({
  SMTP_URL: "", // mail to DATA_DIR/outbox
  JOB_LEASE_SECONDS: "10",
  JOB_CONCURRENCY: "1",
  ...(ownDb ? { DATABASE_URL: ownDb.url, ...ALL_ROLES } : {}),
});

/** kill -9 of the server, a restart on the same DATA_DIR (and database), and the user logged in again. */
async function killAndRestart(u: { userCode: string; password: string }): Promise<{ dataDir: string; access: string }> {
  process.kill(server!.pid!, "SIGKILL");
  const dataDir = server!.dataDir;
  server = undefined;
  await sleep(500);
  server = await startKinora({ ...serverEnv(), DATA_DIR: dataDir });
  const { access } = await new Api(server.url).login(u.userCode, u.password);
  return { dataDir, access };
}

/**
 * A fresh server and user, `clip` uploaded, the server killed once the ingest passed `progress` %
 * (the item still PROCESSING) and restarted; resolves when the retried ingest reached READY.
 */
async function killMidIngest(clip: string, progress: number): Promise<{ boxId: string; dataDir: string }> {
  await server?.stop();
  server = await startKinora(serverEnv());
  const u = await newUser(new Api(server.url));
  const res = await uploadFile(new Api(server.url), u.access, clip);
  assert.equal(res.status, 201, res.text);
  const boxId: string = res.body.boxId;
  const mid = await waitForItem(new Api(server.url), u.access, boxId, (i) => i.progress >= progress || isFinal(i), 120_000);
  assert.equal(mid.status, "PROCESSING", "killed while the ladder runs");
  await sleep(500);
  const { dataDir, access } = await killAndRestart(u);
  const item = await waitForItem(new Api(server!.url), access, boxId, isFinal, 240_000);
  assert.equal(item.status, "READY", JSON.stringify(item));
  // the owner is told once that it is ready, although the ingest ran twice
  const outbox = path.join(dataDir, "outbox");
  await waitForMail(outbox, u.email, (m) => m.subject.endsWith(" is ready"), 20_000);
  await sleep(1000);
  assert.equal((await mailsTo(outbox, u.email)).length, 1);
  return { boxId, dataDir };
}

/** The item's renditions (kind, height, how many) and jobs, read from the database (PGlite: once the server is stopped). */
async function itemRows(dataDir: string, boxId: string) {
  if (!ownDb) {
    await server?.stop();
    server = undefined;
  }
  return withDatabase({ dataDir, databaseUrl: ownDb?.url }, async (sql) => ({
    renditions: await sql<{ kind: string; height: number; n: number }>(
      `SELECT "kind"::text AS kind, "height", count(*)::int AS n FROM "Rendition" WHERE "boxItemId" = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
      [boxId],
    ),
    jobs: await sql<{ type: string; status: string; attempts: number }>(
      `SELECT "type", "status"::text AS status, "attempts" FROM "Job" WHERE "boxItemId" = $1 ORDER BY "createdAt"`,
      [boxId],
    ),
  }));
}

test("kill -9 during the ladder: retried after restart, READY, renditions unique and complete", async () => {
  // after the remux (8 %) and the poster (10 %), the ladder runs
  const { boxId, dataDir } = await killMidIngest(makeH264AacMp4(makeMediaDir(), { durationSeconds: 12, width: 1280, height: 720 }), 18);

  const dir = path.join(dataDir, "storage", ...itemFiles(dataDir, boxId)[0]!.split("/").slice(0, 3));
  const master = readFileSync(path.join(dir, "hls/master.m3u8"), "utf8");
  const uris = [...master.matchAll(/^([^#\n][^\n]*)$/gm)].map((m) => m[1]);
  assert.deepEqual(uris.sort(), ["360p/index.m3u8", "480p/index.m3u8", "720p/index.m3u8"], master);
  for (const uri of uris) {
    const playlist = readFileSync(path.join(dir, "hls", uri!), "utf8");
    assert.match(playlist, /#EXT-X-ENDLIST/);
    const total = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce((s, m) => s + Number(m[1]), 0);
    assert.ok(Math.abs(total - 12) < 1, `${uri} covers ${total} s`);
    for (const seg of playlist.split("\n").filter((l) => l.endsWith(".ts")))
      assert.ok(existsSync(path.join(dir, "hls", path.dirname(uri!), seg)), seg);
  }
  // nothing left of the killed attempt
  const work = path.join(dataDir, "tmp", "jobs");
  assert.deepEqual(existsSync(work) ? readdirSync(work) : [], []);

  const rows = await itemRows(dataDir, boxId);
  assert.deepEqual(rows.renditions, [
    { kind: "LADDER", height: 360, n: 1 },
    { kind: "LADDER", height: 480, n: 1 },
    { kind: "LADDER", height: 720, n: 1 },
    { kind: "PREVIEW", height: 360, n: 1 },
    { kind: "REMUX", height: 720, n: 1 },
  ]);
  // the ingest, retried, and one notification of READY
  assert.deepEqual(
    rows.jobs.map((j) => [j.type, j.status]),
    [
      ["box.ingest", "COMPLETED"],
      ["box.notify", "COMPLETED"],
    ],
  );
  assert.ok(rows.jobs[0]!.attempts >= 2, `retried: ${JSON.stringify(rows.jobs)}`);
});

test("kill -9 after the lowest rung came first (VP9): the retry keeps it, encodes the rest and the preview from the source", async () => {
  // lowest-rung-first: playable at 25 %, the poster by 27 %, then the rest of the ladder
  const { boxId, dataDir } = await killMidIngest(makeVp9OpusWebm(makeMediaDir(), { durationSeconds: 16, width: 854, height: 480 }), 30);

  // the preview: made from the source by the retry (the lowest rung's files were no longer at hand), 15 s
  const dir = path.join(dataDir, "storage", ...itemFiles(dataDir, boxId)[0]!.split("/").slice(0, 3));
  const preview = readFileSync(path.join(dir, "preview/index.m3u8"), "utf8");
  const total = [...preview.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
  assert.ok(total >= 14.5 && total <= 15.2, `preview covers ${total} s`);
  for (const seg of preview.split("\n").filter((l) => l.endsWith(".ts"))) assert.ok(existsSync(path.join(dir, "preview", seg)), seg);

  const { renditions } = await itemRows(dataDir, boxId);
  assert.deepEqual(renditions, [
    { kind: "LADDER", height: 360, n: 1 },
    { kind: "LADDER", height: 480, n: 1 },
    { kind: "PREVIEW", height: 360, n: 1 },
  ]);
});

test("kill -9 during a tus upload: after restart the upload goes on from the bytes stored, and completes", async () => {
  await server?.stop();
  server = await startKinora(serverEnv());
  let api = new Api(server.url);
  const u = await newUser(api);
  const bytes = readFileSync(makeH264AacMp4(makeMediaDir(), { durationSeconds: 4, width: 320, height: 180, name: "tus-crash.mp4" }));
  const created = await tusCreate(server.url, u.access, bytes.length, { title: "Crash" });
  assert.equal(created.status, 201);
  const location = created.headers.get("location")!;
  const half = Math.floor(bytes.length / 2);
  assert.equal((await tusPatch(server.url, location, u.access, 0, bytes.subarray(0, half))).status, 204);

  const { access } = await killAndRestart(u);
  api = new Api(server!.url);

  const head = await tusHead(server.url, location, access);
  assert.equal(head.status, 200);
  assert.equal(head.headers.get("upload-offset"), String(half));
  const done = await tusPatch(server.url, location, access, half, bytes.subarray(half));
  assert.equal(done.status, 204, await done.text());
  const item = await waitForItem(api, access, done.headers.get("kinora-box-id")!, isFinal, 120_000);
  assert.equal(item.status, "READY", JSON.stringify(item));
  assert.equal(item.title, "Crash");
});

test("kill -9 during a multipart upload: its temp file is swept and its progress bar falls back to 0", async () => {
  await server?.stop();
  server = await startKinora(serverEnv());
  const u = await newUser(new Api(server.url));
  const MB = 1024 * 1024;
  const big = streamUpload(server.url, u.access, {
    fields: { title: "Killed" },
    fileBytes: 128 * MB,
    headers: { "X-Service-progressbarId": "killed" },
  });
  const bar = async (k: Kinora, access: string) => (await new Api(k.url).get("/api/progressbar/killed", { token: access })).body;
  await big.upload.write(big.head);
  for (let sent = 0; sent < 16 * MB; sent += MB) await big.upload.write(Buffer.alloc(MB, 7));
  let before = await bar(server, u.access);
  for (let i = 0; i < 30 && before.value < 10; i++) {
    await sleep(200);
    before = await bar(server, u.access);
  }
  assert.ok(before.value >= 10, JSON.stringify(before));
  const parts = storageFiles(server.dataDir, ".tmp");
  assert.equal(parts.length, 1, `the upload's temp file: ${parts}`);
  assert.match(parts[0]!, /^\.tmp\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.part$/);

  const { dataDir, access } = await killAndRestart(u);
  big.upload.abort();
  // What a client sees afterwards: the bar no longer stuck at its last value but back at {value: 0},
  // and no file. PGlite (the one process) sweeps at its start, before serving; PostgreSQL once the
  // killed process's lease (JOB_LEASE_SECONDS, 10 s here) has expired, by the sweep that runs every lease.
  const deadline = Date.now() + (ownDb ? 40_000 : 0);
  let after = await bar(server!, access);
  while ((after.value !== 0 || pendingUploadFiles(dataDir).length > 0) && Date.now() < deadline) {
    await sleep(500);
    after = await bar(server!, access);
  }
  assert.deepEqual(after, { value: 0 });
  assert.deepEqual(pendingUploadFiles(dataDir), [], "the killed upload's temp file is gone");
  assert.deepEqual(storageFiles(dataDir, "box"), [], "and nothing became an item");
});
