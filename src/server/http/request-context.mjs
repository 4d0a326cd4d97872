// The context of one HTTP request, from the launcher (scripts/start.mjs), which opens it when the
// request arrives, through Next to the code that handles it, and back to the launcher when the
// response has been sent: its id (X-Request-Id) and what the app learns while handling it (the REST
// operation's path template, the user, the OAuth client). The request's log line and its metrics are
// written from it when the request ends (onRequestEnd).
//
// The process has one async context store, this one, for requests and for what runs apart from them
// (a job, a background loop: runInBackground, whose fields the logger writes on each line), and the
// Node request behind a route handler (raw-request.mjs) rides on it too: in Node 20 every enabled
// AsyncLocalStorage costs every promise created while it is enabled (docs/perf.md "Operations
// overhead"), so one store serves them all.
//
// Plain JS so the launcher imports it without a build step; one AsyncLocalStorage and one list of
// listeners per process, on globalThis, since Next bundles the app's copy of this module apart.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";

const slot = /** @type {{ __kinoraRequests?: { store: AsyncLocalStorage<any>, ended: Set<Function> } }} */ (globalThis);
const requests = (slot.__kinoraRequests ??= { store: new AsyncLocalStorage(), ended: new Set() });

// what a client or an edge may hand us as a request id: nginx's $request_id is 32 hex digits; a
// UUID or a similar token of letters, digits, dots, dashes and underscores is kept too
const WELL_FORMED = /^[A-Za-z0-9._-]{8,128}$/;

/** The id a request carries (`X-Request-Id`) when it is well formed, else a new one (32 hex digits, as nginx makes them). */
export function requestIdOf(header) {
  const given = Array.isArray(header) ? header[0] : header;
  return typeof given === "string" && WELL_FORMED.test(given) ? given : randomBytes(16).toString("hex");
}

/**
 * Opens the context of a request that has just arrived, on the server that took it (the launcher's,
 * the beacon thread's): its id (`requestIdOf`, also set as the response's X-Request-Id), method, path
 * and start, plus `fields` (e.g. a known route). `ended(context, outcome)` is called once the response
 * has been sent or the connection dropped: its status, bytes (headers included, as the socket counted
 * them; a keep-alive socket carries one response at a time), duration and whether it was cut short.
 */
export function openRequest(req, res, ended, fields = {}) {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const context = {
    id: requestIdOf(req.headers["x-request-id"]),
    method: req.method ?? "GET",
    path: query < 0 ? url : url.slice(0, query),
    startedAt: performance.now(),
    ...fields,
  };
  res.setHeader("X-Request-Id", context.id);
  const socket = req.socket;
  const sentBefore = socket.bytesWritten;
  res.once("close", () =>
    ended(context, {
      status: res.statusCode,
      bytes: socket.bytesWritten - sentBefore,
      durationMs: performance.now() - context.startedAt,
      aborted: !res.writableFinished,
    }),
  );
  return context;
}

// What the store holds: a request's context (it has an `id`), or `{ log }` in a job or a background
// loop (runInBackground), or `{ raw }` for a request served without a context (telemetry off).

/** Runs `handle` inside the context of a request (the launcher, once per request). */
export function runInRequest(context, handle) {
  return requests.store.run(context, handle);
}

/** The context of the request being handled, if any (undefined in jobs, scripts and timers). */
export function currentRequest() {
  const context = requests.store.getStore();
  return context?.id === undefined ? undefined : context;
}

/** Adds what the app learned about the current request (route template, user code, client id). */
export function noteRequest(fields) {
  const context = currentRequest();
  if (context) Object.assign(context, fields);
}

/** Runs `run` apart from any request, with `fields` on every line it logs (a job: its ids; a loop: none). */
export function runInBackground(fields, run) {
  return requests.store.run({ log: fields }, run);
}

/** The fields of the enclosing runInBackground, if any. */
export function backgroundFields() {
  return requests.store.getStore()?.log;
}

/** Runs `handle` with `req` as the Node request behind it: on the request's context, or on one of its own. */
export function withNodeRequest(req, handle) {
  const context = currentRequest();
  if (!context) return requests.store.run({ raw: req }, handle);
  context.raw = req;
  return handle();
}

/** The Node request the launcher passed for the request being handled (withNodeRequest), if any. */
export function nodeRequest() {
  return requests.store.getStore()?.raw;
}

/** Registers a listener told about every request once its response is sent (or its connection closed). */
export function onRequestEnd(listener) {
  requests.ended.add(listener);
  return () => requests.ended.delete(listener);
}

/** Tells the listeners that `context`'s request ended with `outcome` (the launcher). */
export function requestEnded(context, outcome) {
  for (const listener of requests.ended) {
    try {
      listener(context, outcome);
    } catch {
      // a listener's failure (a log sink, a metric) must not break the server
    }
  }
}

/**
 * Benchmarks only (KINORA_BENCH=1 and KINORA_BENCH_TELEMETRY=off): no request context, request id,
 * request line, request metrics or statement timing, so that bench/operations-overhead.ts measures
 * what they cost against the same build. Never set in production.
 */
export const telemetryOff = process.env.KINORA_BENCH === "1" && process.env.KINORA_BENCH_TELEMETRY === "off";
