// The whole test suite: builds once, then runs the contract tests (node:test over real HTTP) and the
// browser journeys (Playwright in Debian's Chromium), first on embedded PGlite, then on PostgreSQL,
// and the unit tests (no database, no server) once, in the first half. With both halves, each
// journey runs in one of them (alternately, by file name): a journey drives the pages over the
// operations the contract tests check on both databases, and the halves run one after the other
// because the machine's two cores are busy with either (run side by side, both took longer).
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

function run(name: string, cmd: string, argv: string[], env: NodeJS.ProcessEnv): Promise<{ out: string; timedOut: boolean }> {
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
      process.stdout.write(d);
    });
    child.on("exit", () => {
      clearTimeout(watchdog);
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

async function suite({ label, databaseUrl, withUnitTests, journeys }: Half): Promise<void> {
  console.log(`\n=== ${label} ===`);
  const mailDir = mkdtempSync(path.join(os.tmpdir(), "kinora-mail-"));
  const baseEnv = { ...process.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  if (!databaseUrl) delete baseEnv.DATABASE_URL;
  // everything started is stopped in `finally`, also when a later start fails
  let smtp: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  let server: Awaited<ReturnType<typeof startKinora>> | undefined;
  let worker: Awaited<ReturnType<typeof startWorkerProcess>> | undefined;
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
    const unitDir = path.join(root, "test", "unit") + path.sep;
    const nodeTests = listTests("test", ".test.ts").filter((f) => withUnitTests || !f.startsWith(unitDir));
    nodeTests.push(...listTests("sdk/test", ".test.ts")); // the SDK against the same server, in both halves
    if (nodeTests.length) {
      // --test-force-exit: a file whose tests ended is not kept alive by a handle left open (a client
      // of a failed hook)
      const { out, timedOut } = await run(
        `${label}: node tests`,
        process.execPath,
        [
          ...SHORT_LIVED_NODE_FLAGS,
          "--import",
          "tsx",
          "--test",
          "--test-concurrency=2",
          "--test-force-exit",
          "--test-reporter=tap",
          ...nodeTests,
        ],
        env,
      );
      totals.passed += Number(/^# pass (\d+)/m.exec(out)?.[1] ?? 0);
      skipped.push(...nodeTestSkips(out).map((name) => `${label}: ${name}`));
      failed.push(...nodeTestFailures(out).map((name) => `${label}: ${name}`));
      // a test cancelled (its suite's hook failed, or its file ended early) failed too
      const cancelled = Number(/^# cancelled (\d+)/m.exec(out)?.[1] ?? 0);
      totals.failed += Number(/^# fail (\d+)/m.exec(out)?.[1] ?? 1) + cancelled + (timedOut ? 1 : 0);
    }
    if (journeys.length) {
      const { out, timedOut } = await run(
        `${label}: browser journeys`,
        process.execPath,
        [path.join(root, "node_modules/@playwright/test/cli.js"), "test", ...journeys.map((f) => path.relative(root, f))],
        {
          ...env,
          KINORA_DB_LABEL: label.replace(/\W+/g, "-"),
        },
      );
      totals.passed += Number(/(\d+) passed/.exec(out)?.[1] ?? 0);
      skipped.push(...playwrightSkips(out).map((title) => `${label}: ${title}`));
      failed.push(...playwrightFailures(out).map((title) => `${label}: ${title}`));
      totals.failed += Number(/(\d+) failed/.exec(out)?.[1] ?? 0) + (/(\d+) passed/.test(out) && !timedOut ? 0 : 1);
    }
  } catch (err) {
    console.error(`${label}: the suite could not run:`, err instanceof Error ? err.stack : err);
    failed.push(`${label}: the suite could not run`);
    totals.failed += 1;
  } finally {
    await worker?.stop();
    await server?.stop();
    await smtp?.close();
  }
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
  const journeys = args.has("--no-e2e") ? [] : listTests("e2e", ".spec.ts");
  const half = (i: number) => (withPglite && withPostgres ? journeys.filter((_, j) => j % 2 === i) : journeys);
  if (withPglite && withPostgres && journeys.length > 1)
    console.log(`browser journeys: ${half(0).length} files on PGlite, ${half(1).length} on PostgreSQL (each once)`);
  try {
    if (withPglite) await suite({ label: "PGlite (embedded)", databaseUrl: undefined, withUnitTests: true, journeys: half(0) });
    if (withPostgres) {
      const pg = await preparePostgres();
      try {
        await suite({ label: "PostgreSQL", databaseUrl: pg.url, withUnitTests: !withPglite, journeys: half(1) });
      } finally {
        await pg.drop();
      }
    }
  } finally {
    removeRunTmp();
  }
  if (skipped.length) console.log(`\nskipped (not counted as passed):\n  ${skipped.join("\n  ")}`);
  if (failed.length) console.log(`\nfailed:\n  ${failed.join("\n  ")}`);
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
  process.exit(totals.failed ? 1 : 0);
}

void main();
