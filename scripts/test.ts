// The whole test suite: builds once, then runs the contract and unit tests (node:test over real HTTP)
// and the browser journeys (Playwright in Debian's Chromium), first on embedded PGlite, then on
// PostgreSQL. Prints one closing line "tests: N passed, N failed".
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startKinora } from "../test/support/server";
import { startSmtpSink } from "../test/support/smtp-sink";
import { startWorkerProcess } from "../test/support/worker";
import { preparePostgres } from "./test-postgres";

const root = path.resolve(import.meta.dirname, "..");
const args = new Set(process.argv.slice(2));
const only = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const totals = { passed: 0, failed: 0 };

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

function run(cmd: string, argv: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(cmd, argv, { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      process.stdout.write(d);
    });
    child.on("exit", () => resolve(out));
  });
}

async function suite(label: string, databaseUrl: string | undefined): Promise<void> {
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
    // PostgreSQL: jobs (media ingest) run in a separate worker process, as in a scale-out deployment
    if (databaseUrl) worker = await startWorkerProcess({ DATABASE_URL: databaseUrl, DATA_DIR: server.dataDir, SMTP_URL: smtpUrl });
    const env = {
      ...baseEnv,
      KINORA_TEST_URL: server.url,
      KINORA_TEST_DATA_DIR: server.dataDir,
      KINORA_TEST_RTMP_PORT: String(server.rtmpPort ?? ""),
      KINORA_TEST_SMTP_URL: smtpUrl,
      KINORA_TEST_MAIL_DIR: mailDir,
    };
    const nodeTests = listTests("test", ".test.ts");
    if (nodeTests.length) {
      const out = await run(
        process.execPath,
        ["--import", "tsx", "--test", "--test-concurrency=2", "--test-reporter=tap", ...nodeTests],
        env,
      );
      totals.passed += Number(/^# pass (\d+)/m.exec(out)?.[1] ?? 0);
      totals.failed += Number(/^# fail (\d+)/m.exec(out)?.[1] ?? 1);
    }
    if (!args.has("--no-e2e") && listTests("e2e", ".spec.ts").length) {
      const out = await run(process.execPath, [path.join(root, "node_modules/@playwright/test/cli.js"), "test", ...only], {
        ...env,
        KINORA_DB_LABEL: label.replace(/\W+/g, "-"),
      });
      totals.passed += Number(/(\d+) passed/.exec(out)?.[1] ?? 0);
      totals.failed += Number(/(\d+) failed/.exec(out)?.[1] ?? 0) + (/(\d+) passed/.test(out) ? 0 : 1);
    }
  } catch (err) {
    console.error(`${label}: the suite could not run:`, err instanceof Error ? err.stack : err);
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
  if (!args.has("--postgres-only")) await suite("PGlite (embedded)", undefined);
  if (!args.has("--pglite-only")) {
    const pg = await preparePostgres();
    try {
      await suite("PostgreSQL", pg.url);
    } finally {
      await pg.drop();
    }
  }
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
  process.exit(totals.failed ? 1 : 0);
}

void main();
