// Job worker process (`npm run worker`): runs the durable jobs (media ingest, ...) of a PostgreSQL
// deployment, beside any number of web processes and other workers (DATA_DIR or S3 storage shared
// with them). On the embedded PGlite database the worker runs inside `npm start` instead: PGlite
// belongs to one process. A one-box PostgreSQL deployment may also run it in `npm start` with
// KINORA_WORKER=1.
import { closeDb, getDbAccess } from "../src/server/db/client";
import { seedReference } from "../src/server/domain/licenses/reference-data";
import { env } from "../src/server/env";
import { startJobWorker } from "../src/server/workers/start-job-worker";
import { startProcessLease } from "../src/server/workers/process-lease";
import { closeStorage } from "../src/server/media/storage";
import { serveMetrics } from "../src/server/metrics/registry.mjs";
import { registerMetricSources } from "../src/server/workers/metrics-sources";
import { captureConsole, logger } from "../src/server/log/logger.mjs";

// One logger (docs/operations.md "Logs"): JSON lines on stdout, the libraries' console output included
captureConsole();

async function main(): Promise<void> {
  if (!env().DATABASE_URL) {
    logger().fatal("npm run worker needs DATABASE_URL (PostgreSQL); with the embedded database, npm start runs the jobs itself.");
    process.exit(1);
  }
  const database = await getDbAccess();
  const { db } = database;
  await seedReference(db);
  const lease = await startProcessLease(db, { sole: false, ttlSeconds: env().JOB_LEASE_SECONDS });
  const worker = await startJobWorker(database, { soleWorker: false, inProcess: false });
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
    metricsServer?.close();
    await lease.stop();
    await closeStorage();
    await closeDb();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown());
  process.on("SIGINT", () => void shutdown());
}

void main();
