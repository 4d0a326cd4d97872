// The job queue for an operator (docs/operations.md "Jobs"):
//   npm run jobs -- failed [--type <type>] [--limit <n>]   jobs that failed for good: id, type, attempts, when, last error
//   npm run jobs -- retry <id>                             one failed job back in the queue (attempts reset, due now)
//   npm run jobs -- retry --type <type>                    every failed job of a type
// On PostgreSQL (DATABASE_URL) it works beside the running instance. The embedded database (PGlite,
// in DATA_DIR) belongs to the one process that has it open: stop the instance first.
import { parseArgs } from "node:util";
import { closeDb, getDb } from "../src/server/db/client";
import { refuseWhilePgliteHeld } from "./pglite-guard";
import { listFailedJobs, retryJob, retryJobsOfType } from "../src/server/jobs/admin";

const USAGE = "usage: npm run jobs -- failed [--type <type>] [--limit <n>] | retry <id> | retry --type <type>";

function fail(message: string): never {
  console.error(`jobs: ${message}`);
  console.error(USAGE);
  process.exit(2);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { type: { type: "string" }, limit: { type: "string" } },
});
const [command, id, ...extra] = positionals;
if (extra.length) fail(`unexpected ${extra.join(" ")}`);
if (command !== "failed" && command !== "retry") fail(command ? `unknown command ${command}` : "a command is needed");
if (command === "retry" && !id === !values.type) fail("retry takes a job id or --type <type>, one of them");
const limit = values.limit === undefined ? 100 : Number(values.limit);
if (!Number.isInteger(limit) || limit < 1) fail("--limit must be a positive whole number");

// no top-level await: the package is CommonJS for tsx
async function main(): Promise<void> {
  refuseWhilePgliteHeld(
    "jobs",
    "it belongs to that process alone. Stop the instance, run this, start it again (on PostgreSQL it works while the instance runs).",
  );
  const db = await getDb();
  try {
    if (command === "failed") {
      const jobs = await listFailedJobs(db, { type: values.type, limit });
      if (!jobs.length) console.log("no failed jobs");
      for (const job of jobs) {
        const error = (job.lastError ?? "").replace(/\s+/g, " ");
        console.log(`${job.id}  ${job.type}  attempts ${job.attempts}/${job.maxAttempts}  failed ${job.failedAt.toISOString()}  ${error}`);
      }
    } else if (id) {
      if (!(await retryJob(db, id))) {
        console.error(`jobs: no failed job ${id}`);
        process.exitCode = 1;
      } else console.log(`job ${id} queued again`);
    } else {
      const count = await retryJobsOfType(db, values.type!);
      console.log(`${count} failed ${values.type} job${count === 1 ? "" : "s"} queued again`);
    }
  } finally {
    await closeDb();
  }
}

main().catch((err: unknown) => {
  console.error("jobs:", err);
  process.exit(1);
});
