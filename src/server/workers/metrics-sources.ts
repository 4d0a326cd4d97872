// What the scrape-time gauges of /metrics read (src/server/metrics/registry.mjs): the shared job
// queue and the workers' heartbeats, from this process's database. Registered by every process
// that serves /metrics (the web process's instrumentation, `npm run worker`).
import type { Db } from "@/server/db/client";
import { waitingJobs } from "@/server/jobs/queue";
import { setScrapeSource } from "@/server/metrics/registry.mjs";
import { countAliveWorkers } from "./heartbeat";

export function registerMetricSources(db: Db): void {
  setScrapeSource("jobsWaiting", () => waitingJobs(db));
  setScrapeSource("workersAlive", () => countAliveWorkers(db));
}
