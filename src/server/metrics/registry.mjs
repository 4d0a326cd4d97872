// The process's Prometheus metrics (docs/operations.md "Metrics"): one registry per process, on
// globalThis, since Next bundles the app's copy of this module apart from the launcher's
// (scripts/start.mjs answers GET /metrics from it; `npm run worker` serves its own on METRICS_PORT).
// prom-client is loaded from node_modules by both (next.config.js serverExternalPackages).
//
// Plain JS so the launcher imports it without a build step. Gauges read at scrape time (the job
// queue, the workers alive) ask the sources the app registers (setScrapeSource): the launcher has
// no database of its own.
import { timingSafeEqual } from "node:crypto";
import http from "node:http";
import client from "prom-client";
import { writeErrorJson } from "../http/error-json.mjs";
import { logger } from "../log/logger.mjs";

const slot = /** @type {{ __kinoraMetrics?: any }} */ (globalThis);

function create() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  /** @type {Map<string, () => Promise<any>>} */
  const sources = new Map();
  const read = async (name) => {
    const source = sources.get(name);
    if (!source) return undefined;
    try {
      return await source();
    } catch (err) {
      logger().error({ err }, `metrics: ${name} could not be read`);
      return undefined;
    }
  };
  const queue = { at: 0, rows: /** @type {Promise<any> | undefined} */ (undefined) };
  // one grouped query per scrape for both queue gauges
  const queueRows = () => {
    const now = Date.now();
    if (!queue.rows || now - queue.at > 1000) {
      queue.at = now;
      queue.rows = read("jobsWaiting");
    }
    return queue.rows;
  };
  const counter = (name, help, labelNames) => new client.Counter({ name, help, labelNames, registers: [registry] });
  // a gauge by job type read from the queue's grouped row at scrape time
  const queueGauge = (name, help, field) =>
    new client.Gauge({
      name,
      help,
      labelNames: ["type"],
      registers: [registry],
      async collect() {
        const rows = await queueRows();
        this.reset();
        for (const row of rows ?? []) this.set({ type: row.type }, row[field]);
      },
    });
  const metrics = {
    registry,
    sources,
    httpDuration: new client.Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP requests by method, route (template or fixed group) and status code",
      labelNames: ["method", "route", "status_code"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    jobsCompleted: counter("kinora_jobs_completed_total", "Jobs this process completed, by type", ["type"]),
    jobsFailed: counter(
      "kinora_jobs_failed_total",
      "Jobs that failed for good in this process (attempts used up or not retryable), by type",
      ["type"],
    ),
    jobsWaiting: queueGauge(
      "kinora_jobs_waiting",
      "Jobs queued and due, by type (the shared queue: every process reports the same figure)",
      "waiting",
    ),
    jobOldestWaiting: queueGauge("kinora_job_oldest_waiting_seconds", "Age of the oldest job queued and due, by type", "oldestSeconds"),
    ingestTimeToPlayable: new client.Histogram({
      name: "kinora_ingest_time_to_playable_seconds",
      help: "From an upload's end to its first playable rendition (box ingest)",
      buckets: [1, 2.5, 5, 10, 20, 30, 60, 120, 300, 600, 1800],
      registers: [registry],
    }),
    ingestLadder: new client.Histogram({
      name: "kinora_ingest_ladder_seconds",
      help: "Time to encode the rest of an upload's ladder (box ingest)",
      buckets: [1, 2.5, 5, 10, 20, 30, 60, 120, 300, 600, 1800, 3600],
      registers: [registry],
    }),
    logins: counter(
      "kinora_auth_logins_total",
      "Password checks (token grant and portal login) by outcome: ok, bad_credentials, pending, disabled, rate_limited",
      ["outcome"],
    ),
    mail: counter(
      "kinora_mail_total",
      "Mails this process sent or failed to send, by transport (smtp, outbox) and outcome (sent, failed)",
      ["transport", "outcome"],
    ),
    workersAlive: new client.Gauge({
      name: "kinora_workers_alive",
      help: "Job workers with a heartbeat in the last minute (shared figure)",
      registers: [registry],
      async collect() {
        const n = await read("workersAlive");
        if (typeof n === "number") this.set(n);
      },
    }),
  };
  return metrics;
}

/** The process's metrics (created at the first call). */
export function metrics() {
  return (slot.__kinoraMetrics ??= create());
}

/** Registers what a scrape-time gauge reads (the app, with its database): `jobsWaiting`, `workersAlive`. */
export function setScrapeSource(name, source) {
  metrics().sources.set(name, source);
}

// Requests that the app names no route for: a fixed set of groups, never the raw path (each label
// value is a series of its own).
const FIXED = [
  [/^\/media(\/|$)/, "/media"],
  [/^\/_next\//, "/_next"],
  [/^\/api\/trpc\/[^/]+/, "/api/trpc/{procedure}"],
  [/^\/api\/auth\//, "/api/auth"],
  [/^\/api(\/|$)/, "unmatched"],
  [/^\/(healthz|readyz|metrics)$/, null],
  [/^\/internal\//, "/internal"],
  [/^\/bench\//, "/bench"],
  [/^\/(favicon\.ico|robots\.txt|sitemap\.xml)$/, "static"],
];

/** The `route` label of a request: the template the app noted, else a fixed group. */
export function routeLabel(context) {
  if (context.route) return context.route;
  for (const [pattern, label] of FIXED) if (pattern.test(context.path)) return label ?? context.path;
  return "portal";
}

/** Observes one finished request (the launcher's onRequestEnd listener). */
export function observeRequest(context, outcome) {
  metrics().httpDuration.observe(
    { method: context.method, route: routeLabel(context), status_code: String(outcome.status) },
    outcome.durationMs / 1000,
  );
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Whether `peer` may read /metrics: a loopback address, or `authorization` carrying
 * `Bearer $METRICS_TOKEN` when that is set (compared in constant time).
 */
export function mayScrape(peer, authorization, token) {
  if (token && typeof authorization === "string") {
    const given = Buffer.from(authorization);
    const wanted = Buffer.from(`Bearer ${token}`);
    if (given.length === wanted.length && timingSafeEqual(given, wanted)) return true;
  }
  return LOOPBACK.test(peer);
}

/** Answers GET /metrics with the registry in the Prometheus text format. */
export async function writeMetrics(res) {
  const { registry } = metrics();
  const body = await registry.metrics();
  res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" });
  res.end(body);
}

/**
 * A process without the web role (`npm run worker`) serves its metrics on a port of its own: GET
 * /metrics under the same rule (loopback, or the METRICS_TOKEN bearer), 404 for everything else.
 */
export function serveMetrics(port, host, token) {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (
      path === "/metrics" &&
      (req.method === "GET" || req.method === "HEAD") &&
      mayScrape(req.socket.remoteAddress ?? "", req.headers.authorization, token)
    )
      return void writeMetrics(res).catch((err) => {
        logger().error({ err }, "metrics failed");
        res.destroy();
      });
    writeErrorJson(res, 404, "Not found", path);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}
