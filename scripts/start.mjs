// Production launcher (`npm start`): Kinora on HOST:PORT (default 0.0.0.0:3000; 127.0.0.1 in demo
// mode) with its data under DATA_DIR (default ./data).
//
// With nginx and its njs module installed (Debian: nginx libnginx-mod-http-js; NGINX=0 disables,
// NGINX=1 requires it), nginx is the edge on PORT: it serves signed /media URLs from local storage
// and proxies everything else to this process on a loopback port (src/server/media/edge/nginx.mjs).
// Without it, this process listens on PORT itself and serves /media in Node, before Next
// (src/server/media/edge/media-node.mjs): same URLs, checks and headers, slower.
//
// With nginx's RTMP module (Debian: libnginx-mod-rtmp; LIVE_INGEST=0 disables, LIVE_INGEST=1 requires
// it), a second nginx takes encoders' streams on RTMP_PORT (default 1935) and makes them HLS
// (src/server/media/edge/nginx-rtmp.mjs); without it live ingest is off and all else works.
//
// Why not plain `next start`: Next keeps a client-sent X-Forwarded-For (and -Host, -Proto), which
// would let anyone pick the address that rate limits count. Here the socket's address, the Host
// header and plain HTTP are authoritative; only with TRUST_PROXY=1 (behind a load balancer) are the
// proxy's X-Forwarded-* kept. Behind our own nginx, nginx sets them itself (the peer, or the
// balancer's values with TRUST_PROXY).
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";
import { createMediaHandler, resolveMediaKey } from "../src/server/media/edge/media-node.mjs";
import { writeErrorJson } from "../src/server/http/error-json.mjs";
import { MediaLogWriter, mediaLogDir } from "../src/server/media/edge/media-log.mjs";
import { classifyRequestPath } from "../src/server/media/edge/media-url.mjs";
import { findNginx, startNginx } from "../src/server/media/edge/nginx.mjs";
import { findRtmp, startRtmp } from "../src/server/media/edge/nginx-rtmp.mjs";
import { liveHookSecret } from "../src/server/media/edge/live-layout.mjs";
import { withRawRequest } from "../src/server/http/raw-request.mjs";
import { refuseDeclaredTooLarge } from "../src/server/http/body-limits.mjs";
import { allowedHostsOf, parseAllowedHosts } from "../src/server/http/allowed-hosts.mjs";
import { lingerOnClose } from "../src/server/http/lingering-close.mjs";
import { noteRequest, onRequestEnd, openRequest, requestEnded, runInRequest, telemetryOff } from "../src/server/http/request-context.mjs";
import { markStopping, runStopped, whenStarted } from "../src/server/http/lifecycle.mjs";
import { mayScrape, observeRequest, serveMetrics, writeMetrics } from "../src/server/metrics/registry.mjs";
import { serveBackupControl } from "../src/server/backup/control.mjs";
import { captureConsole, logger } from "../src/server/log/logger.mjs";
import { logRequest } from "../src/server/log/request-line.mjs";
import { nodeRoles } from "../src/lib/node-roles.mjs";
import { resolveInstanceSecret } from "../src/server/instance-secret.mjs";
import { spawn } from "node:child_process";
import { Worker } from "node:worker_threads";
import { errorBody } from "../src/server/http/error-json.mjs";
import { BEACONS_PATH, BEACONS_PATTERN, readBeaconRequest } from "../src/server/http/beacon-request.mjs";

// One logger (docs/operations.md "Logs"): JSON lines on stdout, Next's and the libraries' console output included
captureConsole();
const log = logger();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.PORT ?? 3000);
// Demo mode (KINORA_DEMO=1, scripts/up.sh) seeds logins everybody knows (demo / demo-password-1): then
// only this machine may reach the server (and its nginx edge) unless HOST says otherwise.
const hostname = process.env.HOST || (process.env.KINORA_DEMO === "1" ? "127.0.0.1" : "0.0.0.0");
const trustProxy = process.env.TRUST_PROXY === "1" || process.env.TRUST_PROXY === "true";
const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
const s3 = process.env.STORAGE_DRIVER === "s3";
process.env.NODE_ENV = "production";
// the app refuses it too (src/server/env.ts), but only at its first request: say it before starting
const badHosts = parseAllowedHosts(process.env.ALLOWED_HOSTS ?? "").invalid;
if (badHosts.length) throw new Error(`ALLOWED_HOSTS: not a host name: ${badHosts.join(", ")}`);

/**
 * Stops the start with `message` (what to set): a node that would break silently does not start. Exit
 * status 78 (EX_CONFIG): a supervisor tells a refusal from a crash (ops/systemd does not restart it).
 */
function refuse(message) {
  log.fatal(message);
  process.exit(78);
}

/**
 * Stops a start that failed after Next was loaded: Next's own handlers would only log an uncaught
 * error and keep a node running without what its settings require (e.g. LIVE_INGEST=1 and no ingest).
 */
function failStart(message, err) {
  log.fatal({ err }, message);
  process.exit(1);
}

// What this node does (KINORA_ROLES: src/lib/node-roles.mjs, docs/deploy.md). Ingest runs where
// nginx-rtmp can start; a node whose KINORA_ROLES names ingest refuses to start without it.
const plan = nodeRoles(process.env);
if (!plan.ok) refuse(plan.error);
const rtmp = plan.roles.includes("ingest")
  ? findRtmp(plan.named ? { ...process.env, LIVE_INGEST: "1" } : process.env)
  : { ok: false, required: false, reason: "not this node's role (KINORA_ROLES)" };
if (!rtmp.ok && rtmp.required) refuse(`${plan.named ? "KINORA_ROLES names ingest" : "LIVE_INGEST=1"}, but ${rtmp.reason}`);
const roles = plan.roles.filter((role) => role !== "ingest" || rtmp.ok);
const web = roles.includes("web");
process.env.KINORA_ROLES = roles.join(","); // what the app sees (src/server/env.ts): what this node does
// A worker node is `npm run worker`'s process (scripts/worker.ts), run from here: its own process
// group, so that a terminal's Ctrl-C reaches it once, through this process; it stops when this one
// goes (the IPC channel closes), its exit status is this one's.
if (!web && !roles.includes("ingest")) {
  const worker = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts/worker.ts")], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    detached: true,
  });
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => worker.kill(signal));
  process.exit(await new Promise((resolve) => worker.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)))));
}

// Output that can no longer be written (EPIPE: whoever read our stdout or stderr is gone) would
// otherwise make every log line an uncaught error that is logged again, a busy loop: stop instead.
let stopOnBrokenOutput = () => process.exit(1);
for (const stream of [process.stdout, process.stderr]) stream.on("error", (err) => err?.code === "EPIPE" && stopOnBrokenOutput());

// the instance's secret: AUTH_SECRET, else on PostgreSQL the database's (src/server/instance-secret.mjs)
await resolveInstanceSecret(process.env, dataDir);
const mediaKey = resolveMediaKey(process.env, dataDir);
const mediaLog = new MediaLogWriter(mediaLogDir(dataDir), "node");
const handleMedia = createMediaHandler({ key: mediaKey, env: process.env, storageRoot: path.join(dataDir, "storage"), log: mediaLog });

const app = next({ dev: false, dir: root, hostname, port });
await app.prepare();
// `npm run backup` on the embedded database asks this process for a dump (src/server/backup/control.mjs)
const backupControl = process.env.DATABASE_URL ? undefined : await serveBackupControl(dataDir);
const handle = app.getRequestHandler();

const CHECKOUT_PAGE = /^\/checkout\/[^/]+\/?$/;
const splitUrl = (url) => {
  const at = url.indexOf("?");
  return at < 0 ? [url, ""] : [url.slice(0, at), url.slice(at)];
};

// set once the stop has begun (a helper that exits then is expected to)
let stopping = false;
// Behind our nginx the forwarded address is nginx's own doing, so it is always kept.
let trustForwarded = trustProxy;
// Every request runs in its context (src/server/http/request-context.mjs): its id, taken from the
// edge or a well-formed X-Request-Id the client sent, or new, goes back in the response header and
// reaches every log line and metric of the request.
const server = http.createServer(
  telemetryOff
    ? (req, res) => serve(req, res)
    : (req, res) => {
        const context = openRequest(req, res, requestEnded);
        req.headers["x-request-id"] = context.id;
        runInRequest(context, () => serve(req, res));
      },
);

// Every request's duration goes to http_request_duration_seconds (docs/operations.md "Metrics"), and
// its line to the log (docs/operations.md "Logs").
if (!telemetryOff) {
  onRequestEnd(observeRequest);
  onRequestEnd(logRequest);
}

// The address a request came from: behind our nginx edge (or a trusted proxy) the last X-Forwarded-For
// entry, which the edge itself wrote (its client, as it resolved it), else the socket's peer.
function peerOf(req) {
  const forwarded = req.headers["x-forwarded-for"];
  if (trustForwarded && typeof forwarded === "string" && forwarded.trim()) return forwarded.split(",").at(-1).trim();
  return req.socket.remoteAddress ?? "";
}

function serve(req, res) {
  // Prometheus scrapes: loopback peers, or the METRICS_TOKEN bearer; anybody else finds nothing here
  if (splitUrl(req.url ?? "/")[0] === "/metrics" && (req.method === "GET" || req.method === "HEAD")) {
    if (!mayScrape(peerOf(req), req.headers.authorization, process.env.METRICS_TOKEN || undefined))
      return writeErrorJson(res, 404, "Not found", "/metrics");
    return void writeMetrics(res).catch((err) => {
      log.error({ err }, "metrics failed");
      if (!res.headersSent) writeErrorJson(res, 500, "The metrics could not be collected", "/metrics");
      else res.end();
    });
  }
  const kind = classifyRequestPath(req.url ?? "/");
  if (kind === "media") return handleMedia(req, res);
  // a path that cannot be decoded (bad percent-encoding, bad UTF-8): the REST error body, not Next's plain text
  if (kind === "invalid") return writeErrorJson(res, 400, "The request is malformed", (req.url ?? "/").split("?")[0]);
  // a body over its path's cap (src/server/http/body-limits.mjs): 413 at once, before Next (whose
  // proxy would copy it) and without reading it
  const [pathname, query] = splitUrl(req.url ?? "/");
  if (refuseDeclaredTooLarge(req, res, pathname, writeErrorJson)) return;
  // the sandbox checkout page posts its form to its own URL: its route handler takes it, past Next's
  // proxy, which would copy the body and then fail to hand it on (src/proxy.ts does the same for
  // next dev); the handler reads it under its cap
  if (req.method === "POST" && CHECKOUT_PAGE.test(pathname)) req.url = `${pathname.replace(/\/$/, "")}/outcome${query}`;
  // the players' analytics beacons, the busiest path: past Next, to the intake the application
  // registered (src/server/rest/beacon-intake.ts; until then, Next's REST route answers)
  if (req.method === "POST" && BEACONS_PATTERN.test(pathname) && globalThis.__kinoraBeaconIntake) return takeBeacons(req, res, pathname);
  const peer = req.socket.remoteAddress ?? "";
  if (!trustForwarded || !req.headers["x-forwarded-for"]) req.headers["x-forwarded-for"] = peer;
  // the host and scheme the client used (absolute media URLs: src/server/http/base-url.ts); this
  // socket is plain HTTP, and a client's own X-Forwarded-Host/-Proto pass only from a trusted proxy
  if (!trustForwarded || !req.headers["x-forwarded-host"]) {
    if (req.headers.host) req.headers["x-forwarded-host"] = req.headers.host;
    else delete req.headers["x-forwarded-host"];
  }
  if (!trustForwarded || !req.headers["x-forwarded-proto"]) req.headers["x-forwarded-proto"] = "http";
  delete req.headers["x-real-ip"];
  // a body can be read from the Node request itself (uploads; see raw-request.mjs)
  const handled = req.method === "GET" || req.method === "HEAD" ? handle(req, res) : withRawRequest(req, () => handle(req, res));
  handled.catch((err) => {
    log.error({ err }, "request failed");
    // the REST error body with the request id, which a user can quote (docs/operations.md "Request ids")
    if (!res.headersSent) writeErrorJson(res, 500, "Internal server error", pathname, { requestId: req.headers["x-request-id"] });
    else res.end();
  });
}

/** A batch of beacons read (at most 64 KB), handed to the intake, its answer written. */
function takeBeacons(req, res, pathname) {
  noteRequest({ route: BEACONS_PATH }); // the metrics' and log line's route, as a REST route notes its template
  readBeaconRequest(req, peerOf(req), (request) => {
    if (!request) return writeErrorJson(res, 413, "The request body is too large", pathname);
    globalThis
      .__kinoraBeaconIntake(request)
      .then(({ status, headers, body }) => {
        res.writeHead(status, headers);
        res.end(body);
      })
      .catch((err) => {
        log.error({ err }, "analytics beacons failed");
        if (!res.headersSent) writeErrorJson(res, 500, "Internal server error", pathname, { requestId: req.headers["x-request-id"] });
        else res.end();
      });
  });
}

/** The intake's answer to a batch (rest/beacon-intake.ts); 503 until the application has registered it. */
function intakeAnswer(request, path) {
  const intake = globalThis.__kinoraBeaconIntake;
  const failed = (status, message) => ({
    status,
    headers: { "Content-Type": "application/json;charset=UTF-8", "Cache-Control": "no-store" },
    body: JSON.stringify(errorBody(status, message, path)),
  });
  if (!intake) return Promise.resolve(failed(503, "Kinora is starting"));
  return intake(request).catch((err) => {
    log.error({ err }, "analytics beacons failed");
    return failed(500, "Internal server error");
  });
}

/**
 * The beacon thread behind the edge (scripts/beacon-thread.mjs): it answers the batches it may
 * answer itself and hands them over; the others come here to be answered. Resolves with its port.
 */
function startBeaconThread() {
  const thread = new Worker(new URL("./beacon-thread.mjs", import.meta.url));
  let stopped;
  let closing = false;
  // the batches being taken: all of them are in the intake before the stop goes on
  const taking = new Set();
  const take = (promise) => {
    taking.add(promise);
    void promise.finally(() => taking.delete(promise));
    return promise;
  };
  thread.on("message", (message) => {
    if (message.type === "take")
      void take(runInRequest(message.context, () => intakeAnswer(message.request, message.context.path))).then((answer) =>
        thread.postMessage({ type: "answer", id: message.id, answer }),
      );
    else if (message.type === "batches") {
      for (const request of message.requests)
        void take(intakeAnswer(request, BEACONS_PATH)).then(({ status, body }) => {
          if (status !== 204) log.warn({ status, body }, "analytics: a batch the beacon thread answered was not taken");
        });
      if (!telemetryOff) for (const { context, outcome } of message.ended) requestEnded(context, outcome);
    } else if (message.type === "stopped") stopped?.();
  });
  thread.on("exit", (code) => {
    if (stopping || closing) return;
    log.error(`the beacon thread exited unexpectedly (${code}); stopping`);
    process.exit(1);
  });
  return new Promise((resolve, reject) => {
    thread.once("error", reject);
    thread.on("message", (message) => {
      if (message.type === "listening")
        resolve({
          port: message.port,
          /** The play sessions' key, once the application is up: from then on the thread answers batches itself. */
          ready: (key) => key && thread.postMessage({ type: "key", key }),
          stop: async () => {
            closing = true;
            await new Promise((done) => {
              stopped = done;
              thread.postMessage({ type: "stop" });
            });
            await Promise.all(taking);
            await thread.terminate();
          },
        });
    });
  });
}

server.keepAliveTimeout = 65_000; // longer than nginx's upstream keepalive (60 s)
// a refusal sent while a body still arrives must reach the client before the socket closes
lingerOnClose(server);

const listen = (p, h) =>
  new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(p, h, () => {
      server.off("error", reject);
      resolve(server.address().port);
    });
  });

// A web node: the nginx edge (or this process) on HOST:PORT. A node without the web role serves no
// one: the app listens on loopback only, for nginx-rtmp's callbacks (its /metrics: METRICS_PORT);
// with the ingest role its edge on HOST:PORT serves the live tree alone, which the other nodes'
// edges fetch (src/server/media/live/live-origin.ts).
let edge;
let appPort;
const nginx = web || rtmp.ok ? findNginx(process.env) : { ok: false, required: false, reason: "not this node's role (KINORA_ROLES)" };
// the beacon thread (scripts/beacon-thread.mjs) behind a web node's edge: its port for nginx
let beacons;
if (nginx.ok) {
  appPort = await listen(0, "127.0.0.1");
  try {
    if (web) beacons = await startBeaconThread();
    edge = await startNginx({
      binary: nginx.binary,
      // its own prefix without the web role: an ingest node may share a web node's DATA_DIR (one machine, one storage)
      prefix: path.join(dataDir, web ? "nginx" : "nginx-live"),
      host: hostname,
      port,
      appPort,
      beaconPort: beacons?.port,
      storageRoot: path.join(dataDir, "storage"),
      logDir: mediaLogDir(dataDir),
      key: mediaKey,
      trustProxy,
      s3,
      isRoot: process.getuid?.() === 0,
      liveOnly: !web,
      accessLog: process.env.EDGE_ACCESS_LOG,
    });
    trustForwarded = true;
    log.info(
      web
        ? `nginx edge on ${hostname}:${port} (${s3 ? "media proxied to Node for S3" : "media from local storage"}), app on 127.0.0.1:${appPort}`
        : `nginx edge on ${hostname}:${port}: this ingest node's live HLS, for the other nodes' edges; app on 127.0.0.1:${appPort}`,
    );
  } catch (err) {
    if (nginx.required) failStart("NGINX=1, but nginx could not start", err);
    log.warn(
      { err },
      web ? "nginx could not start, serving media from Node" : "nginx could not start: other nodes cannot fetch this node's live HLS",
    );
    await new Promise((resolve) => server.close(resolve));
    await beacons?.stop();
    beacons = undefined;
    appPort = undefined;
  }
} else if (web) {
  if (nginx.required) refuse(`NGINX=1, but ${nginx.reason}`);
  if (nginx.reason !== "NGINX=0") log.warn(`serving media from Node: ${nginx.reason}`);
} else if (rtmp.ok) {
  log.warn(`other nodes cannot fetch this ingest node's live HLS: ${nginx.reason}`);
}
if (!web && appPort === undefined) appPort = await listen(0, "127.0.0.1");
else if (!edge) await listen(port, hostname);
const metricsServer =
  !web && process.env.METRICS_PORT
    ? await serveMetrics(Number(process.env.METRICS_PORT), process.env.METRICS_HOST || "0.0.0.0", process.env.METRICS_TOKEN || undefined)
    : undefined;

// The app's start-up (src/instrumentation.ts: database, migrations, this node among the others) runs
// once Next is up; a request to this process makes sure it begins. Until it has finished nothing is
// ready; when it fails (a node the others cannot work with), the start is refused.
// this process's own address (behind the edge, or without the web role, its loopback port)
const appHost = appPort || ["0.0.0.0", "::", "127.0.0.1"].includes(hostname) ? "127.0.0.1" : hostname;
const appBase = `http://${appHost.includes(":") ? `[${appHost}]` : appHost}:${appPort ?? port}`;
fetch(`${appBase}/healthz`).catch(() => {});
try {
  await whenStarted();
} catch (err) {
  await edge?.stop();
  refuse(err instanceof Error ? err.message : String(err));
}
// the application is up: the beacon thread checks play sessions with its key from now on
beacons?.ready(globalThis.__kinoraBeaconIntake?.playSessionKey);

// Live ingest: nginx-rtmp calls the app back on loopback (behind the edge, or without the web role,
// the app's own port)
let ingest;
const rtmpPort = Number(process.env.RTMP_PORT ?? 1935);
if (rtmp.ok) {
  try {
    ingest = await startRtmp({
      binary: rtmp.binary,
      dataDir,
      host: hostname,
      port: rtmpPort,
      hookBase: appBase,
      mediaKey,
      segmentSeconds: Number(process.env.LIVE_SEGMENT_SECONDS ?? 1),
      transcode: ["1", "true", "yes", "on"].includes(String(process.env.LIVE_TRANSCODE ?? "").toLowerCase()),
      isRoot: process.getuid?.() === 0,
    });
    log.info(`live ingest on rtmp://${hostname}:${rtmpPort}/live (nginx-rtmp)`);
    // publishes a crash cut off end now, and their recorded copies go to the recording job
    const started = await fetch(`${appBase}/internal/live/ingest-start?key=${liveHookSecret(mediaKey)}`, { method: "POST" }).catch(
      (e) => e,
    );
    if (!started.ok) log.warn(`live: the interrupted publishes could not be recovered: ${started.status ?? started.message}`);
  } catch (err) {
    if (rtmp.required) failStart(`${plan.named ? "KINORA_ROLES names ingest" : "LIVE_INGEST=1"}, but nginx-rtmp could not start`, err);
    log.warn({ err }, "live ingest is off: nginx-rtmp could not start");
  }
} else if (plan.roles.includes("ingest") && rtmp.reason !== "LIVE_INGEST=0") {
  log.warn(`live ingest is off: ${rtmp.reason}`);
}
// Without PUBLIC_URL, absolute URLs follow the request's Host only for these names (src/server/http/allowed-hosts.mjs)
const publicUrl = process.env.PUBLIC_URL;
log.info(
  publicUrl
    ? `absolute URLs from PUBLIC_URL ${publicUrl}`
    : `answering as ${allowedHostsOf(process.env)
        .map((name) => (name.startsWith(".") || name === "*" ? name : `http://${name}:${port}`))
        .join(", ")} (ALLOWED_HOSTS; other Host names get URLs of http://localhost:${port})`,
);
// the address to open: PUBLIC_URL when set (the one the mail links and absolute URLs use), else where it listens
const listenName = ["0.0.0.0", "::", "[::]"].includes(hostname)
  ? "localhost"
  : hostname.includes(":") && !hostname.startsWith("[")
    ? `[${hostname}]`
    : hostname;
const readyUrl = publicUrl ? publicUrl.replace(/\/$/, "") : `http://${listenName}:${port}`;
const stopHint = `pid ${process.pid}: Ctrl-C here, or kill ${process.pid}, stops it and its nginx`;
if (web) log.info(`Kinora ready on ${readyUrl} (${stopHint}; roles ${roles.join(", ")})`);
else
  log.info(
    `Kinora node ready: ${roles.join(", ")}, no web role: ${edge ? "its edge on PORT serves the live tree to the other nodes" : "nothing served on PORT"} (${stopHint})`,
  );

edge?.exited.then((status) => {
  if (stopping) return;
  log.error(`nginx exited unexpectedly (${status}); stopping`);
  process.exit(1);
});
ingest?.exited.then((status) => {
  if (!stopping) log.error(`nginx-rtmp exited unexpectedly (${status}); live ingest is off`);
});

// The stop (docs/operations.md "Stopping"): /readyz answers 503 and the job worker hands its jobs
// back at once; no new connection is taken (nginx quits gracefully); the requests in flight finish,
// for up to SHUTDOWN_GRACE_SECONDS; then the database closes (PGlite: no recovery at the next
// start) and the process exits 0. A second SIGTERM or SIGINT stops at once (exit 1).
const graceSeconds = Number(process.env.SHUTDOWN_GRACE_SECONDS ?? 25);
const shutdown = async () => {
  if (stopping) {
    log.error("stopping now (second signal)");
    edge?.stop();
    ingest?.stop();
    process.exit(1);
  }
  stopping = true;
  log.info(`stopping: finishing the requests in flight (up to ${graceSeconds} s)`);
  const handedBack = markStopping(); // /readyz answers 503 from now on; jobs are handed back
  const closed = new Promise((resolve) => server.close(resolve));
  // keep-alive connections close as soon as they are idle
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  let graceTimer;
  const graceMs = Number.isFinite(graceSeconds) ? graceSeconds * 1000 : 25_000;
  const grace = new Promise((resolve) => (graceTimer = setTimeout(() => resolve("timeout"), graceMs)));
  const drained = Promise.all([closed, edge?.quit().catch(() => edge.stop()), ingest?.stop()]);
  if ((await Promise.race([drained, grace])) === "timeout") {
    log.warn(`stopping: requests still in flight after ${graceSeconds} s are cut`);
    await edge?.stop();
    server.closeAllConnections();
  }
  clearInterval(idle);
  // the beacon thread's last batches go to the intake, which writes them at the stop (beacon-intake.ts)
  if ((await Promise.race([beacons?.stop(), grace])) === "timeout") log.warn("stopping: the beacon thread did not stop in time");
  // the jobs handed back (their lease released: the next start retries them at once)
  if ((await Promise.race([handedBack, grace])) === "timeout") log.warn("stopping: the running jobs were not handed back in time");
  clearTimeout(graceTimer);
  await backupControl?.close();
  metricsServer?.close();
  await runStopped();
  mediaLog.close();
  log.info("stopped");
  process.exit(0);
};
process.on("SIGTERM", () => void shutdown());
process.on("SIGINT", () => void shutdown());
stopOnBrokenOutput = () => void shutdown();
