// The one logger of every Kinora process (docs/operations.md "Logs"): pino, JSON lines on stdout,
// or a short readable line per entry when stdout is a terminal; the level from LOG_LEVEL (default
// info). Every line written while a request is handled carries its id (`requestId`, from the
// request's context: src/server/http/request-context.mjs); every line of a job carries the job's id
// and the id of the request that queued it (withLogContext, from the job worker).
//
// Nothing secret is logged: the fields that may hold one are redacted by name at any depth (REDACTED_KEYS), and
// every line passes a last scrub of the shapes a secret takes in text (a bearer token, a signed
// media path's signature, a token, password or signature parameter of a URL).
//
// Plain JS so the launcher (scripts/start.mjs) imports it without a build step; one logger per
// process, on globalThis, since Next bundles the app's copy of this module apart from the launcher's
// (pino is loaded from node_modules by both: next.config.js serverExternalPackages).
import { writeSync } from "node:fs";
import { format } from "node:util";
import pino from "pino";
import { backgroundFields, currentRequest, runInBackground } from "../http/request-context.mjs";

export const LOG_LEVELS = /** @type {const} */ (["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

/**
 * Fields that never reach a line, at any depth of a logged object: credentials, tokens, keys,
 * secrets (compared in lower case). A walk over the object's own keys rather than pino's `redact`
 * paths: those cost about 20 µs per line with wildcards (docs/perf.md "Operations overhead"); this,
 * well under one when nothing is found.
 */
export const REDACTED_KEYS = new Set([
  "password",
  "livepassword",
  "authorization",
  "cookie",
  "token",
  "accesstoken",
  "refreshtoken",
  "access_token",
  "refresh_token",
  "streamkey",
  "secret",
  "clientsecret",
  "client_secret",
]);

const CENSOR = "[redacted]";

/** `value` with every field named in REDACTED_KEYS censored, in plain objects and arrays down to 4 levels; the same object when there is none. */
export function redactFields(value, depth = 0) {
  if (depth > 4 || value === null || typeof value !== "object") return value;
  const isArray = Array.isArray(value);
  if (!isArray && Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value; // errors: their serializer, then the text scrub
  let copy;
  for (const key of isArray ? value.keys() : Object.keys(value)) {
    const field = value[key];
    const next = !isArray && REDACTED_KEYS.has(key.toLowerCase()) ? CENSOR : redactFields(field, depth + 1);
    if (next !== field) (copy ??= isArray ? [...value] : { ...value })[key] = next;
  }
  return copy ?? value;
}

// What a secret looks like inside text (a message, an error's message or stack, a URL someone put
// in a field): scrubbed from every line before it is written.
const SECRET_SHAPES = [
  // a signed media path: /media/<validity>/<signature>/...
  [/(\/media\/f?(?:\d{1,12}-)?\d{1,12}\/)[A-Za-z0-9_-]{32}(?=\/)/g, "$1-"],
  // credentials in a URL (a DATABASE_URL, an SMTP_URL in a library's error)
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^/\s:@"'\\]+:[^/\s@"'\\]+@/gi, "$1[redacted]@"],
  // an API key anywhere in text (auth/api-keys.ts: kin_ and 43 URL-safe characters)
  [/\bkin_[A-Za-z0-9_-]{43}/g, "kin_[redacted]"],
  // Authorization: Bearer <token>, Basic <credentials>
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi, "$1 [redacted]"],
  // URL parameters and form fields that carry a secret (signed S3 URLs, OAuth, live hooks, ...)
  [
    /([?&;\s"'](?:(?:[A-Za-z0-9_-]*[_-])?(?:token|password|passwd|secret|signature|sig|key|code|credential)|[A-Za-z0-9]*(?:token|password|secret|signature))=)[^&\s"'\\]+/gi,
    "$1[redacted]",
  ],
];

// what every shape of SECRET_SHAPES contains: a line without any of these (most request lines) is
// left as it is after one scan instead of four
const MAY_HOLD_SECRET = /\/media\/|:\/\/|bearer|basic|=|kin_/i;

/** A line with the shapes of secrets replaced (SECRET_SHAPES). */
export function scrubSecrets(text) {
  if (!MAY_HOLD_SECRET.test(text)) return text;
  let out = text;
  for (const [shape, replacement] of SECRET_SHAPES) out = out.replace(shape, replacement);
  return out;
}

const slot = /** @type {{ __kinoraLog?: { logger?: import("pino").Logger } }} */ (globalThis);
const state = (slot.__kinoraLog ??= { logger: undefined, sink: undefined });

// The terminal form: "12:34:56.789 INFO  message key=value [request id]", the stack below.
function readable(line) {
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  const { time, level, msg, requestId, err, pid: _pid, ...rest } = entry;
  const clock = typeof time === "string" ? time.slice(11, 23) : "";
  const fields = Object.entries(rest)
    .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(" ");
  const label = String(level ?? "")
    .toUpperCase()
    .padEnd(5);
  const id = requestId ? ` [${String(requestId).slice(0, 8)}]` : "";
  const stack = err?.stack ? `\n    ${String(err.stack).replace(/\n/g, "\n    ")}` : err?.message ? ` (${err.message})` : "";
  return `${clock} ${label}${id} ${msg ?? ""}${fields ? ` ${fields}` : ""}${stack}\n`;
}

// how much of the request lines waits before it is written (characters, about bytes: the lines are ASCII but for paths)
const BATCH_BYTES = 64 * 1024;

function destination() {
  // written asynchronously: a slow reader of stdout (journald, a container runtime, a busy parent
  // process) must not stall the event loop, as a write per line did (docs/perf.md "Operations
  // overhead"); lines logged while a write is in flight go out together with the next one, and what
  // is still buffered when the process exits is written then
  const out = pino.destination({ dest: 1, sync: false });
  // stdout gone (EPIPE: whoever read it has ended): told to the process's own handlers of stdout (the
  // launcher stops), never an uncaught error per line
  out.on("error", (err) => {
    if (process.stdout.listenerCount("error") > 0) process.stdout.emit("error", err);
  });
  const terminal = process.stdout.isTTY && process.env.LOG_FORMAT !== "json";
  const prepare = (line) => {
    const safe = scrubSecrets(line);
    return terminal ? readable(safe) : safe;
  };
  // Request lines (one per request: `batched`) wait, like the edge's access log (buffer=64k
  // flush=1s), until 64 KB of them are there or a second has passed: a write per line (a thread-pool
  // write and its callback per request), and still one per 4 KB, cost a few per cent of throughput
  // (docs/perf.md "Operations overhead"). Any other line goes out at once, after the waiting ones,
  // so the order is kept; on a terminal nothing waits. A batched line comes scrubbed (writeInfoLine).
  let waiting = "";
  let timer;
  const release = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!waiting) return;
    const text = waiting;
    waiting = "";
    out.write(text);
  };
  process.once("exit", () => {
    try {
      out.flushSync();
      if (waiting) writeSync(1, waiting); // after what was queued before them
    } catch {
      // stdout is gone: nothing to write to
    }
  });
  return {
    write(line) {
      release();
      return out.write(prepare(line));
    },
    batched(line) {
      if (terminal) return void out.write(readable(line));
      waiting += line;
      if (waiting.length >= BATCH_BYTES) release();
      else timer ??= setTimeout(release, 1000).unref();
    },
  };
}

function create() {
  state.sink = destination();
  const wanted = String(process.env.LOG_LEVEL ?? "info").toLowerCase();
  return pino(
    {
      level: LOG_LEVELS.includes(/** @type {any} */ (wanted)) ? wanted : "info",
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }), log: (object) => redactFields(object) },
      serializers: { err: pino.stdSerializers.err },
      // a job's (or a background loop's) fields, else the request's id: one context holds either
      mixin() {
        const job = backgroundFields();
        if (job) return job;
        const request = currentRequest();
        return request ? { requestId: request.id } : {};
      },
    },
    state.sink,
  );
}

/** The process's logger (created at the first call, with LOG_LEVEL as it is then). */
export function logger() {
  return (state.logger ??= create());
}

/**
 * Writes one info line whose fields the caller has serialised (`members`: `,"name":value` each), in
 * the logger's own shape (level, time, pid, the fields, msg): for the line of every request
 * (request-line.mjs), which pino's object walk, mixin and formatters made the costliest line of all
 * (docs/perf.md "Operations overhead"). The line skips the scrub of the whole line: the caller passes
 * every text a client chose through scrubSecrets itself. It may wait up to a second before it is
 * written (destination: `batched`).
 */
export function writeInfoLine(members, msg) {
  const log = logger();
  if (!log.isLevelEnabled("info")) return;
  state.sink.batched(`{"level":"info","time":"${isoNow()}","pid":${process.pid}${members},"msg":${JSON.stringify(msg)}}\n`);
}

// The time of a line as pino's isoTime writes it, its date and second made once a second: in the
// web process `new Date()` is Next's wrapper of Date (it checks for a prerender at each call), which
// cost several microseconds per request line.
let clockSecond = -1;
let clockPrefix = "";
function isoNow() {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== clockSecond) {
    clockSecond = second;
    clockPrefix = new Date(second * 1000).toISOString().slice(0, 20); // "2026-11-30T01:00:08."
  }
  const ms = now - second * 1000;
  return `${clockPrefix}${ms < 10 ? "00" : ms < 100 ? "0" : ""}${ms}Z`;
}

/** Runs `run` with `fields` on every line logged inside it (a job: jobId, jobType, requestId), apart from any request. */
export function withLogContext(fields, run) {
  return runInBackground(fields, run);
}

/** The fields of the enclosing withLogContext, if any. */
export function logContext() {
  return backgroundFields();
}

// console.* of code that is not ours (Next, Prisma, libraries): one entry each, at the matching
// level, an Error argument logged as `err` (with its stack).
const CONSOLE_LEVELS = { error: "error", warn: "warn", info: "info", log: "info", debug: "debug", trace: "trace" };

/** Sends the process's console output through the logger (the launcher and the worker, at start). */
export function captureConsole() {
  for (const [method, level] of Object.entries(CONSOLE_LEVELS)) {
    console[method] = (...args) => {
      const log = logger();
      if (!log.isLevelEnabled(level)) return;
      const err = args.find((a) => a instanceof Error);
      const text = format(...args.filter((a) => a !== err));
      if (err) log[level]({ err }, text || err.message);
      else log[level](text);
    };
  }
}
