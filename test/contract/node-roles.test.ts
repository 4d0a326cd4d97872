// Node roles (KINORA_ROLES, docs/deploy.md): what a node does, the launcher's refusals of what would
// break silently, and nodes of different roles on one PostgreSQL database finding each other there.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { after, describe, test } from "node:test";
import { Api } from "../support/api";
import { withDatabase } from "../support/database";
import { makeH264AacMp4, makeMediaDir } from "../support/media-fixtures";
import { freePort, startKinora, type Kinora } from "../support/server";
import { preparePostgres } from "../../scripts/test-postgres";
import { isFinal, sleep, uploadFile, waitForItem } from "./box-fixtures";
import { createChannel } from "./live-fixtures";
import { newUser } from "./users-fixtures";

/** Starts the launcher with `env` and expects it to refuse: exit 78 (EX_CONFIG) and a fatal line matching `message`. */
async function expectRefusal(env: Record<string, string | undefined>, message: RegExp): Promise<void> {
  const attempt = startKinora(env);
  await assert.rejects(attempt, (err: Error) => {
    assert.match(err.message, /server exited \(78\)/);
    const fatal = err.message
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: string; msg: string })
      .find((line) => line.level === "fatal");
    assert.ok(fatal, `a fatal log line:\n${err.message}`);
    assert.match(fatal.msg, message);
    return true;
  });
}

describe("the launcher refuses roles it cannot run", () => {
  test("a name that is no role, or a role named twice", async () => {
    await expectRefusal({ KINORA_ROLES: "web,cook" }, /KINORA_ROLES: not a role: cook \(the roles are web, worker, ingest/);
    await expectRefusal({ KINORA_ROLES: "web, worker,web" }, /KINORA_ROLES: named twice: web/);
  });

  test("on the embedded database, anything but one process that serves and runs the jobs", async () => {
    for (const roles of ["web", "worker", "web,ingest"])
      await expectRefusal(
        { DATABASE_URL: undefined, KINORA_ROLES: roles },
        /embedded database \(PGlite\) belongs to one process.*set DATABASE_URL/,
      );
  });

  test("an NGINX_BINARY that names no file, where nginx or its ingest is required", async () => {
    await expectRefusal(
      { KINORA_ROLES: undefined, LIVE_INGEST: "1", NGINX_BINARY: "/nonexistent/nginx" },
      /^LIVE_INGEST=1, but NGINX_BINARY \/nonexistent\/nginx does not exist$/,
    );
    await expectRefusal(
      { KINORA_ROLES: undefined, NGINX: "1", LIVE_INGEST: "0", NGINX_BINARY: "/nonexistent/nginx" },
      /^NGINX=1, but NGINX_BINARY \/nonexistent\/nginx does not exist$/,
    );
  });

  test("ingest named while LIVE_INGEST=0 turns it off", async () => {
    await expectRefusal({ DATABASE_URL: undefined, KINORA_ROLES: "web,worker,ingest", LIVE_INGEST: "0" }, /names ingest but LIVE_INGEST=0/);
  });
});

test(
  "an RTMP port another process listens on: with LIVE_INGEST=1 the launcher stops, naming the port, rather than taking that listener for nginx-rtmp",
  { skip: process.env.DATABASE_URL ? "the ports do not depend on the database: checked in the PGlite half" : false },
  async () => {
    const squatter = net.createServer((socket) => socket.end("HTTP/1.1 400 Bad Request\r\n\r\n"));
    const port = await freePort();
    await new Promise<void>((resolve) => squatter.listen(port, "127.0.0.1", resolve));
    try {
      // /readyz may answer before the ingest starts: then the launcher stops right after
      const outcome = await startKinora({ LIVE_INGEST: "1", RTMP_PORT: String(port) }).then(
        async (server) => {
          const code = await Promise.race([server.exited!, sleep(20_000).then(() => "running")]);
          if (code === "running") await server.stop();
          return { code, output: server.output!() };
        },
        (err: Error) => ({ code: "exited before ready", output: err.message }),
      );
      assert.notEqual(outcome.code, "running", `the launcher still runs:\n${outcome.output}`);
      assert.notEqual(outcome.code, 0);
      assert.match(outcome.output, new RegExp(`port ${port} is in use by another process`));
      assert.doesNotMatch(outcome.output, /live ingest on rtmp/);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  },
);

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });

describe(
  "nodes of different roles on one PostgreSQL database",
  { skip: !process.env.DATABASE_URL && "PostgreSQL only: PGlite belongs to one process" },
  () => {
    let ownDb: { url: string; drop(): Promise<void> } | undefined;
    const nodes: Kinora[] = [];
    after(async () => {
      for (const node of nodes.reverse()) await node.stop();
      await ownDb?.drop();
    });

    test("a web node, then a worker node (npm start, KINORA_ROLES=worker) that ingests its upload; the readiness of each role", async () => {
      ownDb = await preparePostgres();
      const web = await startKinora({ DATABASE_URL: ownDb.url, KINORA_ROLES: "web" });
      nodes.push(web);
      // the web node alone: no worker, no ingest node (warnings; it serves), and no RTMP listener of its own
      const before = (await (await fetch(`${web.url}/readyz`)).json()) as {
        status: string;
        checks: Record<string, { ok: boolean; alive?: number; warning?: string }>;
      };
      assert.equal(before.status, "ok");
      assert.deepEqual([before.checks.worker?.alive, before.checks.ingest?.alive], [0, 0]);
      assert.match(before.checks.worker?.warning ?? "", /no job worker seen/);
      assert.match(before.checks.ingest?.warning ?? "", /no ingest node seen in the last 60 s: live streams cannot start/);
      assert.equal(await listening(web.rtmpPort!), false, "no nginx-rtmp on a web-only node");
      assert.match(web.output!(), /"msg":"Kinora ready on [^"]*roles web\)"/);

      const u = await newUser(new Api(web.url));
      const up = await uploadFile(
        new Api(web.url),
        u.access,
        makeH264AacMp4(makeMediaDir(), { durationSeconds: 2, width: 320, height: 180 }),
      );
      assert.equal(up.status, 201, up.text);
      await sleep(1500);
      const waiting = await waitForItem(new Api(web.url), u.access, up.body.boxId, () => true, 5_000);
      assert.notEqual(waiting.status, "READY", "nobody runs the jobs yet");

      // the worker node shares the web node's media directory (one machine); it serves nothing on its port
      const worker = await startKinora(
        { DATABASE_URL: ownDb.url, KINORA_ROLES: "worker", DATA_DIR: web.dataDir },
        { readyLine: /Kinora worker ready/ },
      );
      nodes.push(worker);
      assert.equal(await listening(Number(new URL(worker.url).port)), false, "a worker node listens on no port");
      const item = await waitForItem(new Api(web.url), u.access, up.body.boxId, isFinal, 120_000);
      assert.equal(item.status, "READY", JSON.stringify(item));
      const rows = await withDatabase({ dataDir: web.dataDir, databaseUrl: ownDb.url }, (sql) =>
        sql<{ roles: string[]; pid: number }>(`SELECT "roles", "pid" FROM "ClusterNode" ORDER BY "startedAt"`, []),
      );
      assert.deepEqual(
        rows.map((r) => r.roles),
        [["web"], ["worker"]],
      );
      const after = (await (await fetch(`${web.url}/readyz`)).json()) as { checks: Record<string, { ok: boolean; alive?: number }> };
      assert.deepEqual([after.checks.worker?.ok, after.checks.worker?.alive], [true, 1]);

      // SIGTERM to the launcher reaches the worker: exit 0, its row gone
      process.kill(worker.pid!, "SIGTERM");
      assert.equal(await worker.exited, 0, worker.output!());
      const left = await withDatabase({ dataDir: web.dataDir, databaseUrl: ownDb.url }, (sql) =>
        sql<{ roles: string[] }>(`SELECT "roles" FROM "ClusterNode"`, []),
      );
      assert.deepEqual(
        left.map((r) => r.roles),
        [["web"]],
      );
    });

    test("an ingest node (KINORA_ROLES=ingest): nginx-rtmp on its RTMP port, the live tree alone on PORT; the web node sees it alive", async () => {
      const web = nodes[0]!;
      // where encoders publish, as the web node says: with no ingest node yet, its own host and RTMP_PORT
      const api = new Api(web.url);
      const u = await newUser(api);
      const channel = await createChannel(api, u);
      const publishTo = async () => (await api.get(`/api/live/channel/${channel.channelId}`, { token: u.access })).body.streamingBaseUrl;
      assert.equal(await publishTo(), `rtmp://127.0.0.1:${web.rtmpPort}/live`);
      // on the web node's machine and DATA_DIR (its edge serves the live HLS written there)
      const ingest = await startKinora(
        { DATABASE_URL: ownDb!.url, KINORA_ROLES: "ingest", DATA_DIR: web.dataDir },
        { readyLine: /Kinora node ready: ingest, no web role/ },
      );
      nodes.push(ingest);
      assert.equal(await listening(ingest.rtmpPort!), true, "nginx-rtmp takes streams");
      // its edge on PORT serves the live tree to the other nodes' edges, and nothing else
      for (const p of ["/", "/api/user/me", "/healthz"]) assert.equal((await fetch(ingest.url + p)).status, 404, p);
      const unsigned = `/media/1/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/live/${channel.channelId}/${channel.channelId}/${channel.channelId}/master.m3u8`;
      assert.equal((await fetch(ingest.url + unsigned)).status, 403, "a live path needs its signature");
      const ready = (await (await fetch(`${web.url}/readyz`)).json()) as { checks: Record<string, { ok: boolean; alive?: number }> };
      assert.deepEqual([ready.checks.ingest?.ok, ready.checks.ingest?.alive], [true, 1]);
      // the web node names the ingest node's address (its HOST and RTMP_PORT), told when it joined
      const wanted = `rtmp://127.0.0.1:${ingest.rtmpPort}/live`;
      for (const until = Date.now() + 2000; (await publishTo()) !== wanted && Date.now() < until;) await sleep(100);
      assert.equal(await publishTo(), wanted);
    });

    test("a node whose media or secret differ from the alive ones' is refused; the instance's secret is kept in the database", async () => {
      const web = nodes[0]!;
      // another DATA_DIR (local storage of its own) beside the alive nodes
      await expectRefusal(
        { DATABASE_URL: ownDb!.url, KINORA_ROLES: "web" },
        /another node of this database \(.+, pid \d+\) keeps its media in local:[0-9a-f-]{36}, this one in local:[0-9a-f-]{36}: nodes of one instance share one storage/,
      );
      // the same storage, another AUTH_SECRET (the alive nodes share the database's)
      await expectRefusal(
        {
          DATABASE_URL: ownDb!.url,
          KINORA_ROLES: "worker",
          DATA_DIR: web.dataDir,
          AUTH_SECRET: "another-secret-of-at-least-32-characters",
        },
        /has another AUTH_SECRET: give every node the same AUTH_SECRET, or unset it on all/,
      );
      // the first node put its own secret in the database; a token it signed is good on a node started
      // later with a DATA_DIR of its own (the others stopped: nothing to disagree with), without such a file
      const [row] = await withDatabase({ dataDir: web.dataDir, databaseUrl: ownDb!.url }, (sql) =>
        sql<{ value: string }>(`SELECT "value" FROM "InstanceSecret" WHERE "id" = 1`, []),
      );
      assert.equal(row?.value, readFileSync(path.join(web.dataDir, "auth-secret"), "utf8").trim());
      const u = await newUser(new Api(web.url));
      for (const node of nodes.splice(0).reverse()) await node.stop();
      const later = await startKinora({ DATABASE_URL: ownDb!.url, KINORA_ROLES: "web" });
      nodes.push(later);
      assert.equal(existsSync(path.join(later.dataDir, "auth-secret")), false, "no secret of its own");
      const me = await new Api(later.url).get("/api/user/me", { token: u.access });
      assert.equal(me.status, 200, me.text);
      assert.equal(me.body.userCode, u.userCode);
    });
  },
);
