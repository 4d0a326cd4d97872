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
  // a single-figure gauge read at scrape time from the source `source` (nothing when it has no answer)
  const scrapeGauge = (name, help, source) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const n = await read(source);
        if (typeof n === "number") this.set(n);
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
    sweeps: counter("kinora_sweeps_total", "Periodic sweeps this process ran (jobs/periodic.ts), by sweep and outcome (ok, failed)", [
      "sweep",
      "outcome",
    ]),
    sweptRows: counter("kinora_swept_total", "Rows or files the periodic sweeps of this process removed, by sweep", ["sweep"]),
    edgeRefusals: counter(
      "kinora_edge_refusals_total",
      "Media requests refused for their signed URL (403), by reason: malformed, signature, expired, early",
      ["reason"],
    ),
    ingestFailures: counter(
      "kinora_ingest_failures_total",
      "Failed ingest attempts (each attempt, retried or not) by cause: probe, decode, encode, memory, timeout, storage, other",
      ["cause"],
    ),
    storageErrors: counter(
      "kinora_storage_errors_total",
      "Storage operations that failed for a reason other than the caller's (not NOT_FOUND, TOO_LARGE, INVALID_KEY, INVALID_RANGE, nor the uploader's stream): by driver (local, s3) and operation",
      ["driver", "operation"],
    ),
    payments: counter(
      "kinora_payments_total",
      "Payments by provider and outcome: started, provider_error, paid, cancelled, failed, expired, refunded",
      ["provider", "outcome"],
    ),
    webhookDeliveries: counter(
      "kinora_webhook_deliveries_total",
      "Webhook delivery attempts by outcome: succeeded, retrying (failed, another attempt queued), failed (the last)",
      ["outcome"],
    ),
    rateLimited: counter(
      "kinora_rate_limited_total",
      "Requests refused by a rate limit (429), by limit: login, live, register, renew-address, renew-user, password-update",
      ["limit"],
    ),
    analyticsBeacons: counter(
      "kinora_analytics_beacons_total",
      "Analytics beacon batches by outcome: accepted, refused (no valid play session), bot (a known bot's user agent), dropped (the intake's queue full)",
      ["outcome"],
    ),
    dbQueryDuration: new client.Histogram({
      name: "kinora_db_query_duration_seconds",
      help: "Time of each SQL statement: through Prisma (client=prisma) or the raw-SQL port (client=sql)",
      labelNames: ["client"],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    livePublishing: scrapeGauge(
      "kinora_live_publishing_sessions",
      "Live publishes open now (LiveSession rows not ended; shared figure)",
      "livePublishing",
    ),
    liveViewers: new client.Gauge({
      name: "kinora_live_viewers",
      help: "People watching now, by kind: channel (a live channel's page) or replay (an event's replay); shared figure",
      labelNames: ["kind"],
      registers: [registry],
      async collect() {
        const rows = await read("liveViewers");
        this.reset();
        for (const kind of ["channel", "replay"]) this.set({ kind }, rows?.[kind] ?? 0);
      },
    }),
    liveIngestRate: scrapeGauge(
      "kinora_live_ingest_bytes_per_second",
      "Bytes per second received by this instance's RTMP ingest, summed over the publishing streams (nginx-rtmp's bw_in)",
      "liveIngestRate",
    ),
    liveIngestStreams: scrapeGauge(
      "kinora_live_ingest_streams",
      "Streams publishing into this instance's RTMP ingest now (live channels and cast streams)",
      "liveIngestStreams",
    ),
    castOnAir: scrapeGauge(
      "kinora_cast_channels_on_air",
      "Cast channels airing a program now (not a break, not empty time; shared figure)",
      "castOnAir",
    ),
    workersAlive: scrapeGauge("kinora_workers_alive", "Job workers with a heartbeat in the last minute (shared figure)", "workersAlive"),
  };
  // series that exist from the start at 0, so rate() and increase() see their first increment
  for (const cause of INGEST_FAILURE_CAUSES) metrics.ingestFailures.inc({ cause }, 0);
  for (const reason of EDGE_REFUSAL_REASONS) metrics.edgeRefusals.inc({ reason }, 0);
  return metrics;
}

/** The causes of kinora_ingest_failures_total (src/server/media/ingest/failure-cause.ts). */
const INGEST_FAILURE_CAUSES = ["probe", "decode", "encode", "memory", "timeout", "storage", "other"];
// the reasons verifyMediaPath (media/edge/media-url.mjs) gives for a refused media URL
const EDGE_REFUSAL_REASONS = ["malformed", "signature", "expired", "early"];

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
