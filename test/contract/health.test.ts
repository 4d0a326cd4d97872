// Liveness and readiness (docs/operations.md "Health checks"): /healthz answers while the process
// does, without the database; /readyz names what keeps the instance from serving. On PostgreSQL the
// server reaches its own database through a TCP proxy this test cuts: an honest outage (refused and
// reset connections) that leaves the other tests on the shared cluster alone.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { after, before, test } from "node:test";
import { freePort, startKinora, type Kinora } from "../support/server";
import { preparePostgres } from "../../scripts/test-postgres";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP proxy to `target` on a fixed loopback port that can be cut (every connection dropped, the port closed) and restored. */
class CuttableProxy {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();
  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on("close", () => this.sockets.delete(s));
        s.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
  }

  cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

let server: Kinora;
let ownDb: { url: string; drop(): Promise<void> } | undefined;
let proxy: CuttableProxy | undefined;
/** The server's DATABASE_URL (through the proxy) on PostgreSQL. */
let databaseUrl: string | undefined;

before(async () => {
  if (process.env.DATABASE_URL) {
    ownDb = await preparePostgres();
    const url = new URL(ownDb.url);
    proxy = new CuttableProxy(await freePort(), { host: url.hostname || "127.0.0.1", port: Number(url.port || 5432) });
    await proxy.open();
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    databaseUrl = url.toString();
    server = await startKinora({ DATABASE_URL: databaseUrl });
  } else {
    server = await startKinora();
  }
});
after(async () => {
  await server?.stop();
  await proxy?.cut();
  await ownDb?.drop();
});

interface Readiness {
  status: string;
  failed: string[];
  checks: Record<string, { ok: boolean; error?: string; warning?: string; alive?: number }>;
}

const get = async (p: string) => {
  const res = await fetch(`${server.url}${p}`);
  return { status: res.status, body: (await res.json()) as Readiness & { status: string } };
};

/** Polls /readyz until `until` holds (or `ms` pass); returns the last answer. */
async function readyzUntil(until: (r: { status: number; body: Readiness }) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const r = await get("/readyz");
    if (until(r) || Date.now() > deadline) return r;
    await sleep(250);
  }
}

test("a serving instance: /healthz 200 and /readyz 200 with every check ok", async () => {
  const live = await get("/healthz");
  assert.equal(live.status, 200);
  assert.equal(live.body.status, "ok");
  const ready = await get("/readyz");
  assert.equal(ready.status, 200, JSON.stringify(ready.body));
  assert.equal(ready.body.status, "ok");
  assert.deepEqual(ready.body.failed, []);
  for (const name of ["database", "migrations", "storage"]) assert.equal(ready.body.checks[name]?.ok, true, name);
  if (!process.env.DATABASE_URL) {
    // PGlite: the server runs the job worker itself, and its heartbeat is there from the start
    assert.equal(ready.body.checks.worker?.ok, true);
    assert.equal(ready.body.checks.worker?.alive, 1);
  } else {
    // PostgreSQL, a web and ingest node (KINORA_ROLES=web,ingest): no worker yet, a warning that does not fail readiness
    assert.equal(ready.body.checks.worker?.ok, false);
    assert.equal(ready.body.checks.worker?.alive, 0);
    assert.match(ready.body.checks.worker?.warning ?? "", /no job worker/);
  }
  // the server takes RTMP streams itself (nginx-rtmp): the one ingest node alive
  assert.deepEqual([ready.body.checks.ingest?.ok, ready.body.checks.ingest?.alive], [true, 1]);
});

test(
  "npm run worker: its heartbeat makes the worker check ok; SIGTERM stops it (exit 0) and removes it",
  { skip: !process.env.DATABASE_URL },
  async () => {
    const worker = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: server.dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    for (const stream of [worker.stdout!, worker.stderr!]) stream.on("data", (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => worker.once("exit", (code) => resolve(code)));
    try {
      // its signal handlers are in place once it says it is ready (its heartbeat comes a moment before)
      for (const deadline = Date.now() + 60_000; !output.includes("Kinora worker ready") && Date.now() < deadline;) await sleep(100);
      const seen = await readyzUntil((r) => r.body.checks.worker?.ok === true, 60_000);
      assert.equal(seen.body.checks.worker?.alive, 1, output);
      assert.equal(seen.status, 200);
    } finally {
      worker.kill("SIGTERM");
    }
    assert.equal(await exited, 0, output);
    const gone = await get("/readyz");
    assert.equal(gone.body.checks.worker?.alive, 0);
    assert.equal(gone.status, 200);
  },
);

test("storage not writable (its directory replaced by a file): /readyz 503 naming storage, /healthz 200; back: 200", async () => {
  const storage = path.join(server.dataDir, "storage");
  const aside = `${storage}.aside`;
  mkdirSync(storage, { recursive: true });
  renameSync(storage, aside);
  writeFileSync(storage, "not a directory");
  try {
    const ready = await get("/readyz");
    assert.equal(ready.status, 503);
    assert.equal(ready.body.status, "failing");
    assert.deepEqual(ready.body.failed, ["storage"]);
    assert.equal(ready.body.checks.storage?.ok, false);
    assert.ok(ready.body.checks.storage?.error);
    assert.equal((await get("/healthz")).status, 200);
  } finally {
    rmSync(storage);
    renameSync(aside, storage);
  }
  assert.equal((await get("/readyz")).status, 200);
});

test(
  "PostgreSQL unreachable: /readyz 503 naming database within 5 s, /healthz 200; back: 200",
  { skip: !process.env.DATABASE_URL },
  async () => {
    await proxy!.cut();
    const started = Date.now();
    const down = await get("/readyz");
    const took = Date.now() - started;
    assert.equal(down.status, 503, JSON.stringify(down.body));
    assert.ok(down.body.failed.includes("database"), JSON.stringify(down.body));
    assert.equal(down.body.checks.database?.ok, false);
    assert.equal(down.body.checks.storage?.ok, true);
    assert.ok(took < 5000, `answered in ${took} ms`);
    assert.equal((await get("/healthz")).status, 200);
    await proxy!.open();
    const back = await readyzUntil((r) => r.status === 200, 15_000);
    assert.equal(back.status, 200, JSON.stringify(back.body));
    assert.deepEqual(back.body.failed, []);
  },
);
