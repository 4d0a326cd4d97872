// The stop (docs/operations.md "Stopping"): SIGTERM while a slow request is in flight and an ingest
// runs. The request gets its whole answer, the process exits 0, the running job is handed back
// (not counted as an attempt) and finishes after the next start; on PGlite the database was closed
// cleanly (pg_control says "shut down", so the next start needs no recovery).
// PostgreSQL: the server has every role (the default) on a database of its own, with the
// default job lease (30 s): the job is retried at once because it was handed back, not by expiry.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { Api } from "../support/api";
import { withDatabase } from "../support/database";
import { makeH264AacMp4, makeMediaDir } from "../support/media-fixtures";
import { ALL_ROLES, startKinora, type Kinora } from "../support/server";
import { preparePostgres } from "../../scripts/test-postgres";
import { isFinal, sleep, uploadFile, waitForItem } from "./box-fixtures";
import { newUser } from "./users-fixtures";
import { publish } from "./vod-fixtures";

const VIEWER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** The server's variables: /bench/slow, mail to DATA_DIR/outbox, one job at a time; on PostgreSQL its own database, worker included. */
const serverEnv = (ownDb?: { url: string }) => ({
  KINORA_BENCH: "1",
  SMTP_URL: "",
  JOB_CONCURRENCY: "1",
  ...(ownDb ? { DATABASE_URL: ownDb.url, ...ALL_ROLES } : {}),
});

/** PGlite's pg_control state (DBState): 1 once shut down cleanly, 6 while in production (or after a kill). */
const pgControlState = (dataDir: string) => readFileSync(path.join(dataDir, "pglite", "global", "pg_control")).readUInt32LE(16);

test("SIGTERM during a slow request and an ingest: the answer is whole, exit 0, the job handed back and finished after the restart", async (t) => {
  const ownDb = process.env.DATABASE_URL ? await preparePostgres() : undefined;
  let server: Kinora | undefined;
  t.after(async () => {
    await server?.stop();
    await ownDb?.drop();
  });
  server = await startKinora(serverEnv(ownDb));
  const u = await newUser(new Api(server.url));
  const res = await uploadFile(
    new Api(server.url),
    u.access,
    makeH264AacMp4(makeMediaDir(), { durationSeconds: 12, width: 1280, height: 720 }),
  );
  assert.equal(res.status, 201, res.text);
  const boxId: string = res.body.boxId;
  const mid = await waitForItem(new Api(server.url), u.access, boxId, (i) => i.progress >= 18 || isFinal(i), 120_000);
  assert.equal(mid.status, "PROCESSING", "stopped while the ladder runs");

  const slow = fetch(`${server.url}/bench/slow?ms=4000`).then(async (r) => ({ status: r.status, body: await r.json() }));
  await sleep(500);
  const stoppedAt = Date.now();
  process.kill(server.pid!, "SIGTERM");
  const answer = await slow;
  assert.equal(answer.status, 200);
  assert.equal(answer.body.waitedMs, 4000);
  assert.equal(answer.body.body.length, 100_000);
  assert.equal(await server.exited, 0, server.output!());
  assert.ok(Date.now() - stoppedAt < 20_000, `stopped in ${Date.now() - stoppedAt} ms`);
  assert.match(server.output!(), /"msg":"stopped"}\n/); // its last log line (JSON: docs/operations.md "Logs")
  const dataDir = server.dataDir;
  if (!ownDb) assert.equal(pgControlState(dataDir), 1, "PGlite closed cleanly");
  server = undefined;

  server = await startKinora({ ...serverEnv(ownDb), DATA_DIR: dataDir });
  const { access } = await new Api(server.url).login(u.userCode, u.password);
  const item = await waitForItem(new Api(server.url), access, boxId, isFinal, 240_000);
  assert.equal(item.status, "READY", JSON.stringify(item));
  const { vodId } = await publish(new Api(server.url), access, boxId, { licenseType: "FREE" });
  if (!ownDb) {
    await beaconsThenStop(server, vodId);
    server = undefined;
  }
  // the item turns READY inside the job's run; on PostgreSQL the server still runs, and the job's own
  // row is marked a moment later, once the run returns
  const readJobs = () =>
    withDatabase({ dataDir, databaseUrl: ownDb?.url }, (sql) =>
      sql<{ type: string; status: string; attempts: number }>(
        `SELECT "type", "status"::text AS status, "attempts" FROM "Job" WHERE "boxItemId" = $1 AND "type" = 'box.ingest'`,
        [boxId],
      ),
    );
  let jobs = await readJobs();
  for (const until = Date.now() + 10_000; jobs.some((j) => j.status === "RUNNING") && Date.now() < until;) {
    await sleep(200);
    jobs = await readJobs();
  }
  // the interrupted run was given back, not counted as a failed attempt
  assert.deepEqual(jobs, [{ type: "box.ingest", status: "COMPLETED", attempts: 1 }]);
  if (server) await beaconsThenStop(server, vodId);
  server = undefined;
  // the batch answered just before the stop was written before the process exited (docs/analytics.md)
  const events = await withDatabase({ dataDir, databaseUrl: ownDb?.url }, (sql) =>
    sql<{ type: string }>(`SELECT "type" FROM "AnalyticsEvent" WHERE "itemId" = $1 ORDER BY "id"`, [vodId]),
  );
  assert.deepEqual(
    events.map((e) => e.type),
    ["start", "progress"],
  );
});

/** A viewer's play of `vodId` and a batch of its beacons (204), then at once the stop (SIGTERM, exit 0). */
async function beaconsThenStop(server: Kinora, vodId: string): Promise<void> {
  const api = new Api(server.url);
  const played = await api.post(`/api/public/vod/${vodId}/play`, {}, { token: await api.publicToken() });
  assert.equal(played.status, 200, played.text);
  const session = played.headers.get("kinora-play-session");
  const events = [{ type: "start" }, { type: "progress", position: 2 }];
  const sent = await api.post(
    "/api/public/analytics/beacons",
    { session, events },
    { headers: { "Content-Type": "text/plain", "User-Agent": VIEWER } },
  );
  assert.equal(sent.status, 204, sent.text);
  process.kill(server.pid!, "SIGTERM");
  assert.equal(await server.exited, 0, server.output!());
}
