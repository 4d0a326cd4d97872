// What a webhook fan-out costs (issue 27, performance): 1,000 endpoints of one user subscribed to one
// event, all delivered within 60 s to a receiver on this machine, and the request that raised the
// event not slowed by them (it only queues one webhooks.fanout job: src/server/webhooks/events.ts).
// The event is vod.published, raised by one REST request: POST /api/box/{boxId}/vod of a READY item
// (a 2 s 320x180 clip, published again each round: a content may be published more than once). The
// baseline is the same request by another user, without endpoints, on the same server in the same run.
// Run after `npm run build`: `npx tsx bench/webhook-fanout.ts` (PGlite; with DATABASE_URL, that
// PostgreSQL database; BENCH_DATABASES=pglite,postgres: both, PostgreSQL on DATABASE_URL's database or
// else on a throwaway one of the local cluster). On PostgreSQL the server is a one-box instance running
// its own job worker, as on PGlite. Writes each database's part of "Webhook fan-out" in docs/perf.md
// (the other database's part is kept). Loopback only, bounded: BENCH_ROUNDS (default 15) rounds after
// one warm-up round, each waiting at most BENCH_DEADLINE (default 180) seconds for its deliveries;
// BENCH_ENDPOINTS (default 1000). One publish per case and round (each publish with the endpoints is a
// fan-out of its own): the rounds are many, and the verdict the median of their own ratios.
// Unpinned: the fan-out is the server's own work (its worker, the database), as on a machine of its own.
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { StringDecoder } from "node:string_decoder";
import { useRunTmpDir } from "../scripts/run-tmp";
import { preparePostgres } from "../scripts/test-postgres";
import { Api } from "../test/support/api";
import { ALL_ROLES, startKinora, type Kinora } from "../test/support/server";
import { verified } from "../test/support/webhook-receiver";
import { readyItem } from "../test/contract/vod-fixtures";
import { assertBuilt, fmt, machine, processTreeCpuSeconds, writeSection } from "./report";

const ENDPOINTS = Number(process.env.BENCH_ENDPOINTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const DEADLINE_SECONDS = Number(process.env.BENCH_DEADLINE ?? 180);
const TARGET_SECONDS = 60; // every endpoint delivered within
const TARGET_RATIO = 1.2; // the publish with the endpoints / without: "not slowed"
const EVENT = "vod.published";
const REGISTER_CONNECTIONS = 4;
const TITLE = "Webhook fan-out";
const BASE_TMP = os.tmpdir(); // the servers' logs stay here after the run (its own temporary directory goes)
const DATABASES = ["PGlite", "PostgreSQL"] as const;
type Database = (typeof DATABASES)[number];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A request the receiver got: its endpoint (the `endpoint` query parameter) and when (performance.now()). */
interface Hit {
  endpoint: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

interface Receiver {
  url: string;
  got: Hit[];
  close(): Promise<void>;
}

/** A receiver on loopback in this process that answers 200 at once and keeps every request. */
async function startReceiver(): Promise<Receiver> {
  const got: Hit[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", () => {
      const endpoint = Number(new URL(req.url ?? "/", "http://receiver").searchParams.get("endpoint") ?? NaN);
      got.push({ endpoint, headers: req.headers, body, at: performance.now() });
      res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    got,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A line of the server's log about a job: "job started", "job completed", "job failed...". */
interface JobLine {
  msg: string;
  jobType: string;
  durationMs?: number;
}

/** The job lines of the server's log file (its JSON lines), in the order written, read on from where the last read stopped. */
class JobLog {
  private offset = 0;
  private partial = "";
  private readonly decoder = new StringDecoder("utf8");
  constructor(private readonly file: string) {}

  read(): JobLine[] {
    const fd = openSync(this.file, "r");
    try {
      const size = fstatSync(fd).size;
      if (size <= this.offset) return [];
      const buf = Buffer.alloc(size - this.offset);
      const n = readSync(fd, buf, 0, buf.length, this.offset);
      this.offset += n;
      const lines = (this.partial + this.decoder.write(buf.subarray(0, n))).split("\n");
      this.partial = lines.pop()!;
      const jobs: JobLine[] = [];
      for (const line of lines) {
        if (!line.includes('"jobType"')) continue;
        try {
          const o = JSON.parse(line) as { msg?: unknown; jobType?: unknown; durationMs?: unknown };
          if (typeof o.msg === "string" && typeof o.jobType === "string")
            jobs.push({ msg: o.msg, jobType: o.jobType, ...(typeof o.durationMs === "number" ? { durationMs: o.durationMs } : {}) });
        } catch {
          // not a JSON line (a launcher's plain line)
        }
      }
      return jobs;
    } finally {
      closeSync(fd);
    }
  }
}

interface Publisher {
  access: string;
  boxId: string;
}

interface Setup {
  server: Kinora;
  api: Api;
  receiver: Receiver;
  log: JobLog;
  /** the user with the endpoints, and their ids and secrets by endpoint number */
  hooked: Publisher & { webhookIds: string[]; secrets: string[] };
  /** the user without endpoints: the baseline */
  plain: Publisher;
  registerSeconds: number;
}

interface Round {
  load: number;
  baselineMs: number;
  hookedMs: number;
  /** the two publishes' X-Request-Id, and their durations by the server's own request lines (from its log, after the rounds) */
  baselineId: string;
  hookedId: string;
  serverBaselineMs?: number;
  serverHookedMs?: number;
  /** a publish by the user without endpoints once a tenth of the deliveries had arrived */
  duringMs?: number;
  /** seconds from the publish's answer to the first delivery and to the last endpoint's (undefined: not within the deadline) */
  firstS?: number;
  allS?: number;
  /** endpoints that got the event, those whose delivery verified, repeated deliveries, distinct webhook-ids */
  delivered: number;
  verified: number;
  duplicates: number;
  messageIds: number;
  perSecond: number;
  /** CPU seconds of the server's processes from the publish until its last delivery job was done */
  cpuS: number;
  fanoutMs?: number;
  deliverP50?: number;
  /** most delivery jobs running at one time */
  peak: number;
}

/**
 * POST /api/box/{boxId}/vod as `user`, timed to the end of its answer; `at` is that end
 * (performance.now()). It carries an X-Request-Id of its own (the edge and the server keep a
 * well-formed one): its line in the server's log is found by it.
 */
async function publish(s: Setup, user: Publisher): Promise<{ ms: number; at: number; vodId: string; requestId: string }> {
  const requestId = `webhook-bench-${randomBytes(8).toString("hex")}`;
  const t0 = performance.now();
  const res = await s.api.post(
    `/api/box/${user.boxId}/vod`,
    { licenseType: "FREE" },
    { token: user.access, headers: { "X-Request-Id": requestId } },
  );
  const at = performance.now();
  if (res.status !== 201) throw new Error(`publish: ${res.status} ${res.text}`);
  return { ms: at - t0, at, vodId: res.body.vodId as string, requestId };
}

/** The durations (ms) of the requests the server's log file has a request line of, by request id. */
function requestDurations(file: string): Map<string, number> {
  const durations = new Map<string, number>();
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.includes('"msg":"request"')) continue;
    try {
      const o = JSON.parse(line) as { requestId?: unknown; durationMs?: unknown };
      if (typeof o.requestId === "string" && typeof o.durationMs === "number") durations.set(o.requestId, o.durationMs);
    } catch {
      // not a JSON line
    }
  }
  return durations;
}

/** The deliveries that verify: signed by their endpoint's secret (standardwebhooks), the event and vod expected, the three headers in shape. */
function verify(s: Setup, hits: Hit[], vodId: string): { verified: number; messageIds: number } {
  let ok = 0;
  const ids = new Set<string>();
  for (const hit of hits) {
    const secret = s.hooked.secrets[hit.endpoint];
    if (!secret) continue;
    try {
      const event = verified(secret, hit);
      const [id, timestamp, signature] = ["webhook-id", "webhook-timestamp", "webhook-signature"].map((h) => String(hit.headers[h]));
      if (event.type !== EVENT || event.data?.vodId !== vodId) continue;
      if (!/^msg_[A-Za-z0-9_-]{22}$/.test(id!) || !/^\d+$/.test(timestamp!) || !signature!.startsWith("v1,")) continue;
      ok++;
      ids.add(id!);
    } catch {
      // does not verify
    }
  }
  return { verified: ok, messageIds: ids.size };
}

/**
 * One round on an idle server: the baseline publish and the publish with the endpoints (`swap`: the
 * baseline after the fan-out instead of before), the deliveries awaited, then the server's log until
 * every delivery job is done.
 */
async function round(s: Setup, swap: boolean): Promise<Round> {
  const load = os.loadavg()[0]!;
  s.log.read(); // what came before this round
  let baseline = swap ? undefined : await publish(s, s.plain);
  const got = s.receiver.got;
  let scanned = got.length;
  const cpu0 = processTreeCpuSeconds(s.server.pid!);
  const hooked = await publish(s, s.hooked);
  const lines: JobLine[] = [];
  const seen = new Map<number, Hit>();
  let duplicates = 0;
  let during: Promise<number> | undefined;
  const deadline = hooked.at + DEADLINE_SECONDS * 1000;
  for (;;) {
    for (; scanned < got.length; scanned++) {
      const hit = got[scanned]!;
      if (!hit.body.includes(hooked.vodId)) continue;
      if (seen.has(hit.endpoint)) duplicates++;
      else seen.set(hit.endpoint, hit);
    }
    if (!during && seen.size >= ENDPOINTS / 10) during = publish(s, s.plain).then((r) => r.ms);
    lines.push(...s.log.read());
    if (seen.size >= ENDPOINTS || performance.now() > deadline) break;
    await sleep(20);
  }
  const complete = seen.size >= ENDPOINTS;
  const duringMs = await during;
  // every delivery job done (its attempt logged) before the next round: the last ones finish after their POST
  const ended = (type: string) => lines.filter((l) => l.jobType === type && l.msg !== "job started").length;
  const settleBy = performance.now() + 60_000;
  while (complete && (ended("webhooks.fanout") < 1 || ended("webhooks.deliver") < seen.size) && performance.now() < settleBy) {
    await sleep(50);
    lines.push(...s.log.read());
  }
  const cpuS = processTreeCpuSeconds(s.server.pid!) - cpu0;
  baseline ??= await publish(s, s.plain);

  let running = 0;
  let peak = 0;
  for (const l of lines.filter((x) => x.jobType === "webhooks.deliver")) {
    running += l.msg === "job started" ? 1 : -1;
    peak = Math.max(peak, running);
  }
  const deliverMs = lines.filter((l) => l.jobType === "webhooks.deliver" && l.msg === "job completed" && l.durationMs !== undefined);
  const fanout = lines.find((l) => l.jobType === "webhooks.fanout" && l.msg === "job completed");
  const hits = [...seen.values()];
  const times = hits.map((h) => h.at);
  const first = Math.min(...times);
  const last = Math.max(...times);
  return {
    load,
    baselineMs: baseline.ms,
    hookedMs: hooked.ms,
    baselineId: baseline.requestId,
    hookedId: hooked.requestId,
    ...(duringMs !== undefined ? { duringMs } : {}),
    ...(hits.length ? { firstS: (first - hooked.at) / 1000 } : {}),
    ...(complete ? { allS: (last - hooked.at) / 1000 } : {}),
    delivered: seen.size,
    ...verify(s, hits, hooked.vodId),
    duplicates,
    perSecond: hits.length > 1 ? (hits.length - 1) / ((last - first) / 1000) : NaN,
    cpuS,
    ...(fanout?.durationMs !== undefined ? { fanoutMs: fanout.durationMs } : {}),
    ...(deliverMs.length ? { deliverP50: median(deliverMs.map((l) => l.durationMs!)) } : {}),
    peak,
  };
}

/** The server, its two users with a READY item each, the endpoints of the one; the routes warmed first. */
async function setUp(databaseUrl: string | undefined, receiver: Receiver, logFile: string): Promise<Setup> {
  // PGlite: no DATABASE_URL whatever the shell has
  const server = await startKinora(databaseUrl ? { ...ALL_ROLES, DATABASE_URL: databaseUrl } : { DATABASE_URL: undefined }, { logFile });
  try {
    const api = new Api(server.url);
    const [hookedUser, plainUser] = await Promise.all([api.newUser(), api.newUser()]);
    const [hookedItem, plainItem] = await Promise.all([
      readyItem(api, hookedUser.access, { title: "Webhook fan-out" }),
      readyItem(api, plainUser.access, { title: "Webhook baseline" }),
    ]);
    const hooked = { access: hookedUser.access, boxId: hookedItem.boxId as string, webhookIds: [] as string[], secrets: [] as string[] };
    const plain = { access: plainUser.access, boxId: plainItem.boxId as string };
    const s: Setup = { server, api, receiver, log: new JobLog(logFile), hooked, plain, registerSeconds: 0 };
    for (let i = 0; i < 3; i++) for (const user of [plain, hooked]) await publish(s, user); // nobody listens yet
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: REGISTER_CONNECTIONS }, async () => {
        for (let i = next++; i < ENDPOINTS; i = next++) {
          const made = await api.post(
            "/api/webhooks",
            { url: `${receiver.url}?endpoint=${i}`, events: [EVENT], description: `fan-out bench ${i}` },
            { token: hooked.access },
          );
          if (made.status !== 201) throw new Error(`endpoint ${i}: ${made.status} ${made.text}`);
          hooked.webhookIds[i] = made.body.webhookId;
          hooked.secrets[i] = made.body.secret;
        }
      }),
    );
    s.registerSeconds = (performance.now() - t0) / 1000;
    return s;
  } catch (err) {
    await server.stop();
    throw err;
  }
}

/** The delivery logs (GET /api/webhooks/{id}/deliveries) of the first, a middle and the last endpoint: deliveries each, and whether all succeeded at their first attempt. */
async function deliveryLogs(s: Setup): Promise<{ counts: number[]; allFirstAttempt: boolean }> {
  const counts: number[] = [];
  let allFirstAttempt = true;
  for (const i of [0, Math.floor(ENDPOINTS / 2), ENDPOINTS - 1]) {
    const res = await s.api.get(`/api/webhooks/${s.hooked.webhookIds[i]}/deliveries?limit=200`, { token: s.hooked.access });
    if (res.status !== 200) throw new Error(`deliveries: ${res.status} ${res.text}`);
    const log = res.body as { status: string; attemptCount: number; lastStatusCode: number | null }[];
    counts.push(log.length);
    allFirstAttempt &&= log.every((d) => d.status === "SUCCEEDED" && d.attemptCount === 1 && d.lastStatusCode === 200);
  }
  return { counts, allFirstAttempt };
}

const n = fmt(ENDPOINTS);
const serverRatio = (r: Round) =>
  r.serverBaselineMs !== undefined && r.serverHookedMs !== undefined ? r.serverHookedMs / r.serverBaselineMs : undefined;
const opt = (x: number | undefined, digits: number) => (x === undefined || Number.isNaN(x) ? "-" : fmt(x, digits));

function intro(): string {
  return [
    `\`npx tsx bench/webhook-fanout.ts\` after \`npm run build\` (PGlite; with DATABASE_URL, that PostgreSQL database; BENCH_DATABASES=pglite,postgres: both): one production server (\`npm start\` behind its nginx edge; on PostgreSQL a one-box instance) running its job worker at its defaults (JOB_CONCURRENCY 2, and one more slot for quick jobs such as deliveries), unpinned;`,
    `a receiver on loopback in the bench's own process, answering 200 at once. One user has ${n} endpoints (the receiver's URL with \`?endpoint=N\`) subscribed to \`${EVENT}\`, another user none (the baseline).`,
    `The causing request: POST /api/box/{boxId}/vod (licenseType FREE) of a READY item (a 2 s 320x180 clip, published again each round). Each round, on an idle server: the publish by the user without endpoints and the publish by the user with ${n}`,
    `(the baseline after the fan-out every other round), then the time from the latter's answer until the receiver has had the event at all ${n} endpoints, with one more publish by the user without endpoints once a tenth have arrived ("during");`,
    `then the server's log until every delivery job is done. Every delivery checked: its webhook-id, webhook-timestamp and webhook-signature verified with its endpoint's secret (\`standardwebhooks\`), the event's type and vodId; counted by distinct endpoint.`,
    `One warm-up round first (not in the table). Server CPU s: the server's processes (Node and its nginx, not PostgreSQL) from the publish until the last delivery job was done. The server's ms: each publish's duration in the server's own request line (its log): without the loopback and the edge, but up to the response's close event, which work the request started (the woken worker) may delay after the client has its answer; shown beside the verdict, not as it. Fan-out job, delivery job p50 and "at once" (most delivery jobs running together): from the server's log.`,
    `Targets: the publish with ${n} endpoints <= ${TARGET_RATIO} x the publish without (the median of the rounds' own ratios); all ${n} delivered within ${TARGET_SECONDS} s.`,
  ].join("\n");
}

function block(
  database: Database,
  header: string,
  s: Setup,
  warm: Round,
  rounds: Round[],
  logs: Awaited<ReturnType<typeof deliveryLogs>>,
): string {
  const lines = [
    `**${database}**, ${header}; ${n} endpoints registered in ${fmt(s.registerSeconds, 1)} s (${REGISTER_CONNECTIONS} at a time); warm-up round: publish ${fmt(warm.baselineMs)} / ${fmt(warm.hookedMs)} ms, all delivered in ${opt(warm.allS, 1)} s.`,
    "",
    `| round | load | publish, 0 endpoints ms | publish, ${n} endpoints ms | ratio | server's ms, 0 / ${n} | server's ratio | during ms | first delivery s | all ${n} delivered s | deliveries/s | endpoints verified | repeated | server CPU s | fan-out job ms | delivery job p50 ms | at once |`,
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const [i, r] of rounds.entries())
    lines.push(
      `| ${i + 1} | ${fmt(r.load, 1)} | ${fmt(r.baselineMs, 1)} | ${fmt(r.hookedMs, 1)} | ${fmt(r.hookedMs / r.baselineMs, 2)} | ${opt(r.serverBaselineMs, 1)} / ${opt(r.serverHookedMs, 1)} | ${opt(serverRatio(r), 2)} | ${opt(r.duringMs, 1)} | ${opt(r.firstS, 2)} | ${r.allS === undefined ? `missed: ${fmt(r.delivered)} in ${DEADLINE_SECONDS}` : fmt(r.allS, 1)} | ${opt(r.perSecond, 0)} | ${fmt(r.verified)} | ${r.duplicates} | ${fmt(r.cpuS, 1)} | ${opt(r.fanoutMs, 0)} | ${opt(r.deliverP50, 1)} | ${r.peak} |`,
    );
  const ratios = rounds.map((r) => r.hookedMs / r.baselineMs);
  const ratio = median(ratios);
  const served = rounds.filter((r) => serverRatio(r) !== undefined);
  const serverRatios = served.map((r) => serverRatio(r)!);
  const serverRatioMedian = serverRatios.length ? median(serverRatios) : undefined;
  const done = rounds.filter((r) => r.allS !== undefined);
  const all = done.length === rounds.length ? median(done.map((r) => r.allS!)) : undefined;
  const allVerified = rounds.every((r) => r.verified === ENDPOINTS && r.messageIds === 1 && r.duplicates === 0);
  lines.push(
    "",
    `${database}: publish with ${n} endpoints / without **${fmt(ratio, 2)}** (the median of the rounds' ratios, which range ${fmt(Math.min(...ratios), 2)}-${fmt(Math.max(...ratios), 2)}; ` +
      `medians ${fmt(median(rounds.map((r) => r.hookedMs)), 1)} / ${fmt(median(rounds.map((r) => r.baselineMs)), 1)} ms, during the deliveries ${opt(median(rounds.flatMap((r) => (r.duringMs === undefined ? [] : [r.duringMs]))), 1)} ms; ` +
      `target <= ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? "met" : "NOT met"}); ` +
      (serverRatioMedian === undefined
        ? "the server's own request lines: not found in its log; "
        : `the server's own request lines (its log) give ${fmt(serverRatioMedian, 2)} (rounds ${fmt(Math.min(...serverRatios), 2)}-${fmt(Math.max(...serverRatios), 2)}; ` +
          `medians ${fmt(median(served.map((r) => r.serverHookedMs!)), 1)} / ${fmt(median(served.map((r) => r.serverBaselineMs!)), 1)} ms; no verdict: they end at the response's close event); `) +
      (all === undefined
        ? `not every round delivered to all ${n} endpoints within ${DEADLINE_SECONDS} s (target ${TARGET_SECONDS} s: NOT met). `
        : `all ${n} delivered in **${fmt(all, 1)} s** (median; rounds ${fmt(Math.min(...done.map((r) => r.allS!)), 1)}-${fmt(Math.max(...done.map((r) => r.allS!)), 1)}; target < ${TARGET_SECONDS} s: ${Math.max(...done.map((r) => r.allS!)) < TARGET_SECONDS ? "met" : "NOT met"}), ${fmt(median(rounds.map((r) => r.perSecond)))} deliveries/s. `) +
      `Deliveries: ${allVerified ? `each round ${n} endpoints once each, all verified, one webhook-id per event` : "NOT all verified (see the columns)"}; ` +
      `the delivery logs of endpoints 1, ${fmt(Math.floor(ENDPOINTS / 2) + 1)} and ${n}: ${logs.counts.join(", ")} deliveries (${rounds.length + 1} events), ${logs.allFirstAttempt ? "all SUCCEEDED at their first attempt" : "NOT all SUCCEEDED at their first attempt"}.`,
  );
  return lines.join("\n");
}

/** The section: the introduction, this run's block and the other database's block from the last run on it (if any). */
function section(database: Database, mine: string): string {
  const perfFile = path.resolve(import.meta.dirname, "../docs/perf.md");
  const text = existsSync(perfFile) ? readFileSync(perfFile, "utf8") : "";
  const start = text.indexOf(`## ${TITLE}\n`);
  const other = DATABASES.find((d) => d !== database)!;
  let kept = "";
  if (start >= 0) {
    const end = text.indexOf("\n## ", start + 1);
    const old = text.slice(start, end < 0 ? undefined : end);
    const from = old.indexOf(`\n**${other}**`);
    if (from >= 0) {
      const rest = old.slice(from + 1);
      const stop = rest.slice(1).search(/\n(\*\*(PGlite|PostgreSQL)\*\*|Reading)/);
      kept = (stop < 0 ? rest : rest.slice(0, stop + 1)).trim();
    }
  }
  const blocks = database === "PGlite" ? [mine, kept] : [kept, mine];
  return [intro(), ...blocks.filter(Boolean)].join("\n\n");
}

/** One database's run: its server, the warm-up round and the rounds, written into its part of the section; the block's markdown. */
async function benchDatabase(database: Database, databaseUrl: string | undefined, receiver: Receiver): Promise<string> {
  const header = machine();
  const logFile = path.join(BASE_TMP, `kinora-bench-webhook-fanout-${process.pid}-${database}.log`); // kept after the run
  const s = await setUp(databaseUrl, receiver, logFile);
  try {
    console.log(`${database}: ${n} endpoints registered in ${fmt(s.registerSeconds, 1)} s; server log ${logFile}`);
    const warm = await round(s, false);
    console.log(`warm-up: ${JSON.stringify(warm)}`);
    if (warm.allS === undefined)
      throw new Error(`the warm-up round delivered to ${warm.delivered} of ${n} endpoints in ${DEADLINE_SECONDS} s`);
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const r = await round(s, i % 2 === 1);
      console.log(`round ${i + 1}: ${JSON.stringify(r)}`);
      rounds.push(r);
      if (r.allS === undefined) break; // its deliveries still arrive: the next round would not start idle
    }
    const logs = await deliveryLogs(s);
    await sleep(1500); // request lines are written a second at a time
    const durations = requestDurations(logFile);
    for (const r of rounds) {
      const [serverBaselineMs, serverHookedMs] = [durations.get(r.baselineId), durations.get(r.hookedId)];
      if (serverBaselineMs !== undefined) r.serverBaselineMs = serverBaselineMs;
      if (serverHookedMs !== undefined) r.serverHookedMs = serverHookedMs;
    }
    const mine = block(database, header, s, warm, rounds, logs);
    await writeSection(TITLE, section(database, mine));
    return mine;
  } finally {
    await s.server.stop();
  }
}

async function main(): Promise<void> {
  assertBuilt();
  const shellDatabase = process.env.DATABASE_URL || undefined;
  const wanted = (process.env.BENCH_DATABASES ?? (shellDatabase ? "postgres" : "pglite")).split(",").map((d) => d.trim().toLowerCase());
  const databases = wanted.map((d): Database => {
    if (d === "pglite") return "PGlite";
    if (d === "postgres" || d === "postgresql") return "PostgreSQL";
    throw new Error(`BENCH_DATABASES: ${d} is neither pglite nor postgres`);
  });
  const removeRunTmp = useRunTmpDir(); // the servers' data directories and the clip go with the run
  const receiver = await startReceiver();
  try {
    for (const database of databases) {
      if (database === "PGlite") console.log(await benchDatabase(database, undefined, receiver));
      else if (shellDatabase) console.log(await benchDatabase(database, shellDatabase, receiver));
      else {
        const pg = await preparePostgres();
        try {
          console.log(await benchDatabase(database, pg.url, receiver));
        } finally {
          await pg.drop();
        }
      }
    }
    console.log(`written: "${TITLE}" in docs/perf.md`);
  } finally {
    await receiver.close();
    removeRunTmp();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
