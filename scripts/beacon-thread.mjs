// The players' analytics beacons, answered on a thread of their own (started by scripts/start.mjs
// behind the nginx edge, which sends it POST /api/public/analytics/beacons). Every viewer's player
// sends a batch every 10 s: the busiest path of a busy instance, and one whose answer should never
// wait for the main thread (Next's work, its garbage collection of a large heap, and on PGlite the
// database itself all run there).
//
// A batch of the plain shape the players send (domain/analytics/beacon-batch-shape.mjs) with a play
// session that verifies (auth/play-session-token.mjs, the application's own check and key) is
// answered 204 here at once and handed to the main thread with the others of the last few
// milliseconds; there the application's intake takes it as it takes any batch (checked again,
// counted, written: rest/beacon-intake.ts). Any other request (a malformed body, a forged or stale
// session) goes to the main thread as it is, and its answer, the application's error, comes back:
// this thread never decides a refusal. Each request's log line and metrics are written by the main
// thread from what this one reports (request-context.mjs requestEnded).
//
// Messages: to the main thread { type: "listening", port }, { type: "take", id, request, context }
// (answered { type: "answer", id, answer }), { type: "batches", requests, ended }, { type: "stopped" };
// from it { type: "key", key } (the play sessions' key, once the application is up), { type: "stop" }.
import http from "node:http";
import { parentPort } from "node:worker_threads";
import { playSessionVerifier } from "../src/server/auth/play-session-token.mjs";
import { plainBeaconBatch } from "../src/server/domain/analytics/beacon-batch-shape.mjs";
import { writeErrorJson } from "../src/server/http/error-json.mjs";
import { openRequest } from "../src/server/http/request-context.mjs";
import { BEACONS_PATH, readBeaconRequest } from "../src/server/http/beacon-request.mjs";

if (!parentPort) throw new Error("scripts/beacon-thread.mjs runs as a worker thread of scripts/start.mjs");
const main = parentPort;

/** Accepted batches go to the main thread at most this long after their answer... */
const HAND_OVER_MS = 20;
/** ...or as soon as this many wait. */
const HAND_OVER_COUNT = 500;

/** @type {((token: unknown, now?: number) => unknown) | undefined} */
let verify;
let accepted = [];
let ended = [];
let handOverTimer;
let nextId = 1;
/** Requests handed to the main thread, waiting for its answer, by id. */
const delegated = new Map();

function handOver() {
  clearTimeout(handOverTimer);
  handOverTimer = undefined;
  if (!accepted.length && !ended.length) return;
  main.postMessage({ type: "batches", requests: accepted, ended });
  accepted = [];
  ended = [];
}

function soon() {
  if (accepted.length + ended.length >= HAND_OVER_COUNT) handOver();
  else handOverTimer ??= setTimeout(handOver, HAND_OVER_MS);
}

const server = http.createServer((req, res) => {
  // its route for the metrics and the log line, as a REST route notes its template
  const context = openRequest(
    req,
    res,
    (context, outcome) => {
      ended.push({ context, outcome });
      soon();
    },
    { route: BEACONS_PATH },
  );
  // nginx's own X-Forwarded-For entry, the last one: its client as it resolved it
  const forwarded = req.headers["x-forwarded-for"];
  const address = typeof forwarded === "string" && forwarded.trim() ? forwarded.split(",").at(-1).trim() : (req.socket.remoteAddress ?? "");
  readBeaconRequest(req, address, (request) => {
    if (!request) return writeErrorJson(res, 413, "The request body is too large", context.path);
    const batch = verify && req.method === "POST" ? plainBeaconBatch(request.body) : undefined;
    if (batch && verify(batch.session)) {
      accepted.push(request);
      soon();
      res.writeHead(204);
      return res.end();
    }
    const id = nextId++;
    delegated.set(id, res);
    main.postMessage({ type: "take", id, request, context });
  });
});
server.keepAliveTimeout = 65_000; // longer than nginx's upstream keepalive (60 s)

main.on("message", (message) => {
  if (message.type === "key") verify = playSessionVerifier(Buffer.from(message.key));
  else if (message.type === "answer") {
    const res = delegated.get(message.id);
    if (!res) return;
    delegated.delete(message.id);
    const { status, headers, body } = message.answer;
    res.writeHead(status, headers);
    res.end(body);
  } else if (message.type === "stop") {
    // no new connection; the requests in flight end (the main thread answers those it was given
    // before it stops), then what waits goes over, and the thread says it has stopped
    server.close(() => {
      handOver();
      main.postMessage({ type: "stopped" });
    });
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    idle.unref();
  }
});

server.listen(0, "127.0.0.1", () => main.postMessage({ type: "listening", port: server.address().port }));
