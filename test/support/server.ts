import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { preparePostgres } from "../../scripts/test-postgres";
import { seedPgliteCluster } from "./pglite-template";
import { shortLivedNodeFlags } from "./short-lived-node";

export interface Kinora {
  url: string;
  dataDir: string;
  /** The port of its RTMP ingest (nginx-rtmp; a free one per server, like its HTTP port). */
  rtmpPort?: number;
  /** PID of the server process (crash tests SIGKILL it); absent for a server started elsewhere. */
  pid?: number;
  /** What the launcher has printed so far (stdout and stderr); absent for a server started elsewhere. */
  output?: () => string;
  /** Resolves with the process's exit code (null when a signal ended it); absent for a server started elsewhere. */
  exited?: Promise<number | null>;
  /** Its PostgreSQL database (DATABASE_URL), when it has one; absent on PGlite. */
  databaseUrl?: string;
  stop(): Promise<void>;
}

// The repository root: tests run from it (scripts/test.ts, Playwright). Not import.meta: Playwright
// compiles specs and their imports to CommonJS here (no "type": "module"), where import.meta breaks.
const root = process.cwd();
/** The Node flags `npm start` gives the launcher in checkout `from` (its package.json's start script, e.g. --v8-pool-size=0): a test's server runs as production's. */
const serverNodeFlags = (from: string): string[] =>
  (JSON.parse(readFileSync(path.join(from, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start
    .split(/\s+/)
    .filter((word) => word.startsWith("--"));

// The first port the kernel hands out by itself (bind to port 0, the local end of an outgoing
// connection): net.ipv4.ip_local_port_range's low end.
const ephemeralLow = (): number => {
  try {
    return Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
};

/**
 * A port free now, for a server started next (its PORT, RTMP_PORT). Chosen below the kernel's
 * ephemeral range: a port the kernel chose would be free for it to hand out again between this
 * check and the server's bind, e.g. to the launcher's own listen(0) sockets (its app, its beacon
 * thread), whereupon nginx's ready check (a connect) would reach that socket instead of nginx.
 */
export async function freePort(): Promise<number> {
  const high = ephemeralLow() - 1;
  const low = Math.max(1024, high - 12_000);
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${low}-${high} after 50 tries`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

/**
 * Starts the built production server (`npm start`'s launcher) on a free port with its own DATA_DIR.
 * DATABASE_URL is inherited, so the same tests run on PGlite and on PostgreSQL. A variable given as
 * `undefined` is left unset (e.g. HOST, to see the launcher's default; PUBLIC_URL, for URLs that follow
 * the request's host). `opts.root`: the checkout to run (default this one). `opts.logFile`: its stdout
 * and stderr go to that file (a benchmark: not through a pipe into the process that generates the load).
 * On PostgreSQL a server is a web and ingest node (KINORA_ROLES=web,ingest): the suite's jobs run in
 * its `npm run worker` process (scripts/test.ts), as in a scale-out deployment; `...ALL_ROLES` gives the
 * launcher's default (every role, a one-box instance: a server on a database of its own). A server
 * without the web role serves nothing on its port: `opts.readyLine` is the line of its output to wait for.
 */
export async function startKinora(
  env: Record<string, string | undefined> = {},
  opts: { root?: string; logFile?: string; readyLine?: RegExp } = {},
): Promise<Kinora> {
  const from = opts.root ?? root; // another built checkout: a benchmark's previous build
  // a restart of a server (same DATA_DIR) may keep its ports
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const rtmpPort = env.RTMP_PORT ? Number(env.RTMP_PORT) : await freePort();
  const databaseUrl = "DATABASE_URL" in env ? env.DATABASE_URL : process.env.DATABASE_URL;
  let dataDir = env.DATA_DIR;
  if (!dataDir) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "kinora-test-"));
    if (!databaseUrl) seedPgliteCluster(dataDir, from); // PGlite: the run's initdb, copied (pglite-template.ts)
  }
  // Tests act as the edge proxy (TRUST_PROXY: they choose X-Forwarded-For) and register many users from
  // one address; the registration limit and the untrusted-proxy case have their own test (register-limit).
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PORT: String(port),
    RTMP_PORT: String(rtmpPort),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: "1",
    REGISTER_MAX_PER_WINDOW: "100000",
    // and call the REST interface from one address far faster than any client: budgets they cannot
    // spend (every answer still counts and says so); test/contract/api-limits.test.ts spends small ones
    API_RATE_LIMIT_PER_MINUTE: "10000000",
    API_ANONYMOUS_RATE_LIMIT_PER_MINUTE: "10000000",
    // the administrator of the tests (test/contract/admin.test.ts registers it)
    ADMIN_USERS: TEST_ADMIN,
    // the sandbox provider runs on PostgreSQL only when asked for (it is PGlite's default)
    PAYMENT_PROVIDER: "sandbox",
    // the tests' webhook receivers listen on loopback (test/contract/api-limits.test.ts starts a server
    // without this to see a private address refused)
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true",
    ...(databaseUrl && !("KINORA_ROLES" in env) ? { KINORA_ROLES: env.LIVE_INGEST === "0" ? "web" : "web,ingest" } : {}),
    ...env,
  };
  for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name];
  const logFd = opts.logFile ? openSync(opts.logFile, "a") : undefined;
  const child = spawn(process.execPath, [...serverNodeFlags(from), ...shortLivedNodeFlags(), path.join(from, "scripts/start.mjs")], {
    cwd: from,
    env: childEnv,
    stdio: ["ignore", logFd ?? "pipe", logFd ?? "pipe"],
  });
  if (logFd !== undefined) closeSync(logFd); // the child has its own copy
  let piped = "";
  child.stdout?.on("data", (d: Buffer) => (piped += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (piped += d.toString()));
  const output = () => (opts.logFile ? readFileSync(opts.logFile, "utf8") : piped);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await waitReady(opts.readyLine ? () => opts.readyLine!.test(output()) : () => isReady(url), child, output);
  return { url, dataDir, rtmpPort, pid: child.pid, output, exited, databaseUrl: childEnv.DATABASE_URL, stop: () => stopChild(child) };
}

/** Readiness: the database open and migrated, storage writable (/healthz answers before that). */
async function isReady(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/readyz`)).ok;
  } catch {
    return false; // not listening yet
  }
}

async function waitReady(ready: () => boolean | Promise<boolean>, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    if (await ready()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`server not ready in 60 s:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** The launcher's default roles (all three: a one-box instance), where startKinora would give a web and ingest node. */
export const ALL_ROLES = { KINORA_ROLES: undefined };

/** The user code every test server names in ADMIN_USERS (the account is registered by the test that needs it). */
export const TEST_ADMIN = "testadmin";

/**
 * A server that is an instance of its own. On PostgreSQL (env's DATABASE_URL, else the inherited one):
 * a database of its own on the same PostgreSQL server, dropped when it stops, and every role unless
 * env names them; the nodes of one database share their storage, and this one has its own DATA_DIR
 * (the launcher would refuse it beside the others). On PGlite: startKinora's server.
 */
export async function startOwnKinora(
  env: Record<string, string | undefined> = {},
  opts: Parameters<typeof startKinora>[1] = {},
): Promise<Kinora> {
  if (!("DATABASE_URL" in env ? env.DATABASE_URL : process.env.DATABASE_URL)) return startKinora(env, opts);
  const db = await preparePostgres();
  try {
    const server = await startKinora({ ...ALL_ROLES, ...env, DATABASE_URL: db.url }, opts);
    return { ...server, stop: () => server.stop().finally(() => db.drop()) };
  } catch (err) {
    await db.drop();
    throw err;
  }
}

/** The server shared by a test run (started by scripts/test.ts), or a private one when run alone. */
let shared: Promise<Kinora> | undefined;
export function sharedKinora(): Promise<Kinora> {
  const url = process.env.KINORA_TEST_URL;
  if (url) {
    const rtmpPort = Number(process.env.KINORA_TEST_RTMP_PORT) || undefined;
    return Promise.resolve({ url, dataDir: process.env.KINORA_TEST_DATA_DIR ?? "", rtmpPort, stop: async () => {} });
  }
  shared ??= startKinora({ SMTP_URL: process.env.KINORA_TEST_SMTP_URL ?? "" });
  return shared;
}
