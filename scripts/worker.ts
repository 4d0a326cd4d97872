// Job worker process (`npm run worker`, or `npm start` with KINORA_ROLES=worker): runs the durable jobs
// (media ingest, ...) of a PostgreSQL deployment, beside any number of other nodes (S3 storage, or a
// DATA_DIR shared with them: docs/deploy.md). On the embedded PGlite database the worker runs inside
// `npm start` instead: PGlite belongs to one process.
import { closeDb, getDbAccess } from "../src/server/db/client";
import { seedReference } from "../src/server/domain/licenses/reference-data";
import path from "node:path";
import { env } from "../src/server/env";
import { resolveInstanceSecret } from "../src/server/instance-secret.mjs";
import { startJobWorker } from "../src/server/workers/start-job-worker";
import { joinCluster, NodeRefused } from "../src/server/workers/node-heartbeat";
import { startProcessLease } from "../src/server/workers/process-lease";
import { closeStorage } from "../src/server/media/storage";
import { serveMetrics } from "../src/server/metrics/registry.mjs";
import { registerMetricSources } from "../src/server/workers/metrics-sources";
import { captureConsole, logger } from "../src/server/log/logger.mjs";

// One logger (docs/operations.md "Logs"): JSON lines on stdout, the libraries' console output included
captureConsole();

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    logger().fatal("npm run worker needs DATABASE_URL (PostgreSQL); with the embedded database, npm start runs the jobs itself.");
    process.exit(1);
  }
  // the instance's secret (AUTH_SECRET, else the database's) before the configuration is read
  await resolveInstanceSecret(process.env, path.resolve(process.env.DATA_DIR ?? "./data"));
  const database = await getDbAccess();
  const { db } = database;
  await seedReference(db);
  const lease = await startProcessLease(db, { sole: false, ttlSeconds: env().JOB_LEASE_SECONDS });
  const node = await joinCluster(db, ["worker"], { sole: false });
  const worker = await startJobWorker(database, { soleWorker: false });
  // its own /metrics (docs/operations.md "Metrics") on METRICS_PORT when set
  registerMetricSources(db);
  const { METRICS_PORT, METRICS_HOST, METRICS_TOKEN } = env();
  const metricsServer = METRICS_PORT ? await serveMetrics(METRICS_PORT, METRICS_HOST, METRICS_TOKEN) : undefined;
  logger().info(`Kinora worker ready (pid ${process.pid}, concurrency ${env().JOB_CONCURRENCY})`);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) process.exit(1); // a second signal: at once (docs/operations.md "Stopping")
    stopping = true;
    // running jobs are aborted and put back in the queue for the next worker
    await worker.stop();
    await node.stop();
    metricsServer?.close();
    await lease.stop();
    await closeStorage();
    await closeDb();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown());
  process.on("SIGINT", () => void shutdown());
  // run by `npm start` (KINORA_ROLES=worker): the launcher gone (even killed), this stops too
  if (process.connected) process.on("disconnect", () => void shutdown());
}

// a start that fails says why: a node the others cannot work with exits 78, anything else 1
main().catch((err: unknown) => {
  if (err instanceof NodeRefused) {
    logger().fatal(err.message);
    process.exit(78); // a refusal (EX_CONFIG), as the launcher's
  }
  logger().fatal({ err }, "the worker could not start");
  process.exit(1);
});
