// The whole test suite: builds once, then runs the contract tests (node:test over real HTTP) and the
// browser journeys (Playwright in Debian's Chromium), on embedded PGlite and on PostgreSQL, and the
// unit tests (no database, no server) once, in the PGlite half. With both halves, each journey runs
// in one of them (alternately, by file name): a journey drives the pages over the operations the
// contract tests check on both databases. The order (see main): PGlite's node tests, then its
// journeys beside PostgreSQL's node tests, then PostgreSQL's journeys.
// Prints one closing line "tests: N passed, N failed".
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startKinora } from "../test/support/server";
import { SHORT_LIVED_NODE_FLAGS } from "../test/support/short-lived-node";
import { startSmtpSink } from "../test/support/smtp-sink";
import { startWorkerProcess } from "../test/support/worker";
import { descendants } from "./process-tree";
import { useRunTmpDir } from "./run-tmp";
import { preparePostgres } from "./test-postgres";
import { nodeTestFailures, nodeTestSkips, playwrightFailures, playwrightSkips } from "./test-outcomes";

const root = path.resolve(import.meta.dirname, "..");
const args = new Set(process.argv.slice(2));
const only = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const totals = { passed: 0, failed: 0 };
/** "label: test (reason)" of every skipped test, listed before the closing line. */
const skipped: string[] = [];
/** "label: test: error" of every failed test, listed last (a log cut short keeps its end). */
const failed: string[] = [];

function listTests(dir: string, suffix: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith(suffix)) out.push(p);
    }
  };
  walk(path.join(root, dir));
  return out.sort().filter((f) => only.length === 0 || only.some((o) => f.includes(o)));
}

/**
 * A run of one tool may take at most this long; then it and everything it started are stopped. A
 * guard against a hung file, not a budget: a half's node tests take some 17 minutes on a quiet CI
 * machine, and a slower or busier one must not be cut off by the guard.
 */
const RUN_LIMIT_MS = Number(process.env.KINORA_TEST_RUN_MINUTES ?? 30) * 60_000;

/** Runs a tool, its output streamed (`quiet`: printed whole when it ends, as when another run's output streams meanwhile). */
function run(
  name: string,
  cmd: string,
  argv: string[],
  env: NodeJS.ProcessEnv,
  quiet = false,
): Promise<{ out: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, argv, { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    let timedOut = false;
    // a hung test file (an open handle, a server that never answers) must not hold CI until it is cut off
    const watchdog = setTimeout(() => {
      timedOut = true;
      console.log(`\n::: ${name}: still running after ${RUN_LIMIT_MS / 60_000} min, stopped`);
      const pids = [child.pid!, ...descendants(child.pid!)];
      for (const pid of pids) {
        try {
          // what was still running, to tell which file hung
          console.log(`:::   ${pid} ${readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ").slice(0, 300)}`);
        } catch {
          // already gone
        }
      }
      for (const pid of pids) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
    }, RUN_LIMIT_MS);
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      if (!quiet) process.stdout.write(d);
    });
    child.on("exit", () => {
      clearTimeout(watchdog);
      if (quiet) console.log(`\n::: ${name}\n${out}`);
      resolve({ out, timedOut });
    });
  });
}

interface Half {
  label: string;
  databaseUrl: string | undefined;
  /** The unit tests run in one half only. */
  withUnitTests: boolean;
  /** The browser journeys (spec files) of this half. */
  journeys: string[];
}

/** A half's shared servers (mail sink, server, and on PostgreSQL a worker process) and the env its test files get. */
interface OpenHalf extends Half {
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** Counts a run that could not happen (a server that did not start) as a failure, with its reason. */
function couldNotRun(label: string, err: unknown): void {
  console.error(`${label}: the suite could not run:`, err instanceof Error ? err.stack : err);
  failed.push(`${label}: the suite could not run`);
  totals.failed += 1;
}

/** Starts a half's shared servers; everything started is stopped again when a later start fails. */
async function openHalf(half: Half): Promise<OpenHalf> {
  const { label, databaseUrl } = half;
  const mailDir = mkdtempSync(path.join(os.tmpdir(), "kinora-mail-"));
  const baseEnv = { ...process.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  if (!databaseUrl) delete baseEnv.DATABASE_URL;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  let server: Awaited<ReturnType<typeof startKinora>> | undefined;
  let worker: Awaited<ReturnType<typeof startWorkerProcess>> | undefined;
  const stop = async () => {
    await worker?.stop();
    await server?.stop();
    await smtp?.close();
  };
  try {
    smtp = await startSmtpSink(mailDir);
    const smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
    server = await startKinora({ SMTP_URL: smtpUrl, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
    // PostgreSQL: jobs (media ingest) run in a separate worker process, as in a scale-out deployment,
    // configured as the launcher is (the links of the mails it sends, receipts, start from PUBLIC_URL)
    if (databaseUrl)
      worker = await startWorkerProcess({ DATABASE_URL: databaseUrl, DATA_DIR: server.dataDir, SMTP_URL: smtpUrl, PUBLIC_URL: server.url });
    const env = {
      ...baseEnv,
      KINORA_TEST_URL: server.url,
      KINORA_TEST_DATA_DIR: server.dataDir,
      KINORA_TEST_RTMP_PORT: String(server.rtmpPort ?? ""),
      KINORA_TEST_SMTP_URL: smtpUrl,
      KINORA_TEST_MAIL_DIR: mailDir,
      // the servers and workers the test files start (test/support/short-lived-node.ts)
      KINORA_TEST_NODE_FLAGS: SHORT_LIVED_NODE_FLAGS.join(" "),
    };
    return { ...half, env, stop };
  } catch (err) {
    await stop();
    throw new Error(`${label}: the shared servers did not start`, { cause: err });
  }
}

/** The half's contract, SDK (and unit) tests: node:test, two files at a time. */
async function nodeTests({ label, withUnitTests, env }: OpenHalf): Promise<void> {
  const unitDir = path.join(root, "test", "unit") + path.sep;
  const files = listTests("test", ".test.ts").filter((f) => withUnitTests || !f.startsWith(unitDir));
  files.push(...listTests("sdk/test", ".test.ts")); // the SDK against the same server, in both halves
  if (!files.length) return;
  // --test-force-exit: a file whose tests ended is not kept alive by a handle left open (a client
  // of a failed hook)
  const { out, timedOut } = await run(
    `${label}: node tests`,
    process.execPath,
    [...SHORT_LIVED_NODE_FLAGS, "--import", "tsx", "--test", "--test-concurrency=2", "--test-force-exit", "--test-reporter=tap", ...files],
    env,
  );
  totals.passed += Number(/^# pass (\d+)/m.exec(out)?.[1] ?? 0);
  skipped.push(...nodeTestSkips(out).map((name) => `${label}: ${name}`));
  failed.push(...nodeTestFailures(out).map((name) => `${label}: ${name}`));
  // a test cancelled (its suite's hook failed, or its file ended early) failed too
  const cancelled = Number(/^# cancelled (\d+)/m.exec(out)?.[1] ?? 0);
  totals.failed += Number(/^# fail (\d+)/m.exec(out)?.[1] ?? 1) + cancelled + (timedOut ? 1 : 0);
}

/** The half's browser journeys (Playwright, one browser); `quiet`: their output printed whole when they end. */
async function journeys({ label, journeys: specs, env }: OpenHalf, quiet = false): Promise<void> {
  if (!specs.length) return;
  if (!quiet) console.log(`\n::: ${label}: browser journeys`);
  const { out, timedOut } = await run(
    `${label}: browser journeys`,
    process.execPath,
    [path.join(root, "node_modules/@playwright/test/cli.js"), "test", ...specs.map((f) => path.relative(root, f))],
    { ...env, KINORA_DB_LABEL: label.replace(/\W+/g, "-") },
    quiet,
  );
  totals.passed += Number(/(\d+) passed/.exec(out)?.[1] ?? 0);
  skipped.push(...playwrightSkips(out).map((title) => `${label}: ${title}`));
  failed.push(...playwrightFailures(out).map((title) => `${label}: ${title}`));
  totals.failed += Number(/(\d+) failed/.exec(out)?.[1] ?? 0) + (/(\d+) passed/.test(out) && !timedOut ? 0 : 1);
}

async function main(): Promise<void> {
  if (!args.has("--no-build")) {
    const build = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
      cwd: root,
      stdio: "inherit",
    });
    if (build.status !== 0) {
      console.log("tests: 0 passed, 1 failed");
      process.exit(1);
    }
  }
  const removeRunTmp = useRunTmpDir();
  const withPglite = !args.has("--postgres-only");
  const withPostgres = !args.has("--pglite-only");
  const specs = args.has("--no-e2e") ? [] : listTests("e2e", ".spec.ts");
  const half = (i: number) => (withPglite && withPostgres ? specs.filter((_, j) => j % 2 === i) : specs);
  if (withPglite && withPostgres && specs.length > 1)
    console.log(`browser journeys: ${half(0).length} files on PGlite, ${half(1).length} on PostgreSQL (each once)`);
  // PGlite's node tests; then its journeys beside PostgreSQL's node tests; then PostgreSQL's journeys.
  // The journeys leave about a third of the two cores idle (the pages and players wait on the
  // network, timers and playback), the node tests about a tenth: side by side, the two fill each
  // other's idle time. Never two browsers at once (two Playwright workers were no faster), nor both
  // halves' node tests (each alone keeps the cores busy).
  let pgliteJourneys: Promise<void> = Promise.resolve();
  try {
    if (withPglite) {
      console.log("\n=== PGlite (embedded) ===");
      const pglite = await openHalf({ label: "PGlite (embedded)", databaseUrl: undefined, withUnitTests: true, journeys: half(0) }).catch(
        (err: unknown) => void couldNotRun("PGlite (embedded)", err),
      );
      if (pglite) {
        const beside = withPostgres && pglite.journeys.length > 0;
        try {
          await nodeTests(pglite);
        } catch (err) {
          await pglite.stop();
          throw err;
        }
        if (beside) console.log("\n::: PGlite (embedded): browser journeys, beside PostgreSQL's node tests (their output when they end)");
        pgliteJourneys = journeys(pglite, beside).finally(() => pglite.stop());
        if (!beside) await pgliteJourneys;
      }
    }
    if (withPostgres) {
      const db = await preparePostgres();
      try {
        console.log("\n=== PostgreSQL ===");
        const pg = await openHalf({ label: "PostgreSQL", databaseUrl: db.url, withUnitTests: !withPglite, journeys: half(1) }).catch(
          (err: unknown) => void couldNotRun("PostgreSQL", err),
        );
        if (pg) {
          try {
            await nodeTests(pg);
            await pgliteJourneys; // one browser at a time
            await journeys(pg);
          } finally {
            await pg.stop();
          }
        }
      } finally {
        await pgliteJourneys;
        await db.drop();
      }
    }
    await pgliteJourneys;
  } finally {
    removeRunTmp();
  }
  if (skipped.length) console.log(`\nskipped (not counted as passed):\n  ${skipped.join("\n  ")}`);
  if (failed.length) console.log(`\nfailed:\n  ${failed.join("\n  ")}`);
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
  process.exit(totals.failed ? 1 : 0);
}

void main();
