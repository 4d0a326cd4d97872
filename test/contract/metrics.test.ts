// /metrics (docs/operations.md "Metrics"): the launcher answers it before Next to loopback peers and
// to the METRICS_TOKEN bearer, 404 to anybody else (a remote client behind the nginx edge too);
// requests are counted by route template or fixed group (never the raw path), a forced 500 shows,
// an upload grows the job counters and the ingest histograms, a cut-short upload the ingest
// failures (cause probe), a sandbox payment the payments counter, a login refused by its rate
// limit the rate-limit counter, database statements the query-time histogram; the live and cast
// gauges are there, and `npm run worker` serves its own (PostgreSQL). promtool checks the scrapes, the alert rules, and that every metric the rules and
// the Grafana dashboard name is in a real scrape (ops/).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { Api } from "../support/api";
import { checkout } from "../support/checkout";
import { makeH264AacMp4, makeMediaDir, makeTruncated } from "../support/media-fixtures";
import { freePort, startKinora, type Kinora } from "../support/server";
import { startWorkerProcess, type WorkerProcess } from "../support/worker";
import { preparePostgres } from "../../scripts/test-postgres";
import { isFinal, uploadFile, waitForItem } from "./box-fixtures";
import { signAs } from "./playback-fixtures";
import { newUser, register, registration } from "./users-fixtures";

const TOKEN = "metrics-test-token-0123456789";
let server: Kinora;
let worker: WorkerProcess | undefined;
let workerMetricsUrl: string | undefined;
let ownDb: { url: string; drop(): Promise<void> } | undefined;

before(async () => {
  ownDb = process.env.DATABASE_URL ? await preparePostgres() : undefined;
  server = await startKinora({ KINORA_BENCH: "1", METRICS_TOKEN: TOKEN, ...(ownDb ? { DATABASE_URL: ownDb.url } : {}) });
  if (ownDb) {
    const port = await freePort();
    worker = await startWorkerProcess({
      DATABASE_URL: ownDb.url,
      DATA_DIR: server.dataDir,
      PUBLIC_URL: server.url,
      METRICS_PORT: String(port),
      METRICS_HOST: "127.0.0.1",
      METRICS_TOKEN: TOKEN,
    });
    workerMetricsUrl = `http://127.0.0.1:${port}/metrics`;
  }
});

after(async () => {
  await worker?.stop();
  await server?.stop();
  await ownDb?.drop();
});

async function scrape(url = `${server.url}/metrics`, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(url, { headers });
  const text = await res.text();
  assert.equal(res.status, 200, text);
  assert.match(res.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/);
  return text;
}

/** The value of one sample (`name{labels}` exactly as exposed, labels in any order), or 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return 0;
}

function promtool(args: string[], input?: string): { status: number; output: string } {
  const run = spawnSync("promtool", args, { input, encoding: "utf8" });
  assert.equal(run.error, undefined, "promtool runs (Debian package prometheus)");
  return { status: run.status ?? -1, output: `${run.stdout}${run.stderr}` };
}

// prom-client's own default gauges break one naming rule (their names end in _total); nothing else may
const DEFAULTS_LINT = /^nodejs_active_(handles|requests|resources)_total non-counter metrics should not have "_total" suffix$/;

test("/metrics: loopback and the token may scrape; a remote client behind the edge gets the REST 404", async () => {
  assert.match(server.output!(), /nginx edge on/, "this test goes through the nginx edge");
  const text = await scrape();
  for (const name of [
    "nodejs_eventloop_lag_p99_seconds",
    "process_cpu_seconds_total",
    "nodejs_heap_size_used_bytes",
    "kinora_workers_alive",
  ])
    assert.match(text, new RegExp(`^${name} `, "m"), name);
  // the edge writes the client it saw into X-Forwarded-For (here: TRUST_PROXY, the test is the balancer)
  const remote = await fetch(`${server.url}/metrics`, { headers: { "X-Forwarded-For": "203.0.113.7" } });
  assert.equal(remote.status, 404);
  const body = await remote.json();
  assert.equal(body.status, 404);
  assert.equal(body.error, "Not Found");
  assert.equal(body.path, "/metrics");
  // a loopback address smuggled before the edge's own entry does not help
  const smuggled = await fetch(`${server.url}/metrics`, { headers: { "X-Forwarded-For": "127.0.0.1, 203.0.113.7" } });
  assert.equal(smuggled.status, 404);
  await smuggled.arrayBuffer();
  const wrong = await fetch(`${server.url}/metrics`, { headers: { "X-Forwarded-For": "203.0.113.7", Authorization: `Bearer ${TOKEN}x` } });
  assert.equal(wrong.status, 404);
  await wrong.arrayBuffer();
  const withToken = await scrape(`${server.url}/metrics`, { "X-Forwarded-For": "203.0.113.7", Authorization: `Bearer ${TOKEN}` });
  assert.match(withToken, /^kinora_workers_alive /m);
});

test("http_request_duration_seconds: REST templates, fixed groups, a forced 500; no raw path", async () => {
  const code = `nosuch${Date.now()}`;
  for (const p of [`/api/public/user/${code}/overview`, "/bench/fail", "/bench/fail", "/", `/no-such-page-${code}`])
    await (await fetch(`${server.url}${p}`)).arrayBuffer();
  const text = await scrape();
  assert.ok(
    sample(text, "http_request_duration_seconds_count", { method: "GET", route: "/bench", status_code: "500" }) >= 2,
    "the forced 500s",
  );
  assert.ok(
    sample(text, "http_request_duration_seconds_count", { method: "GET", route: "/api/public/user/{userCode}/overview" }) >= 1,
    "the REST template",
  );
  assert.ok(sample(text, "http_request_duration_seconds_count", { method: "GET", route: "portal", status_code: "200" }) >= 1, "a page");
  assert.ok(!text.includes(code), "no raw path in a label");
  assert.ok(sample(text, "http_request_duration_seconds_bucket", { route: "/bench", status_code: "500", le: "+Inf" }) >= 2);
});

test("an upload: kinora_jobs_completed_total{type=box.ingest} and the ingest histograms grow", async () => {
  const jobsUrl = workerMetricsUrl ?? `${server.url}/metrics`;
  const before = await scrape(jobsUrl);
  const api = new Api(server.url);
  const user = await newUser(api);
  const res = await uploadFile(api, user.access, makeH264AacMp4(makeMediaDir(), { durationSeconds: 3, width: 640, height: 360 }), {
    title: "metrics",
  });
  assert.equal(res.status, 201, res.text);
  const item = await waitForItem(api, user.access, res.body.boxId, isFinal, 180_000);
  assert.equal(item.status, "READY", JSON.stringify(item));
  const deadline = Date.now() + 10_000;
  let afterText = await scrape(jobsUrl);
  while (
    sample(afterText, "kinora_jobs_completed_total", { type: "box.ingest" }) <=
      sample(before, "kinora_jobs_completed_total", { type: "box.ingest" }) &&
    Date.now() < deadline
  ) {
    await new Promise((r) => setTimeout(r, 200));
    afterText = await scrape(jobsUrl);
  }
  assert.equal(
    sample(afterText, "kinora_jobs_completed_total", { type: "box.ingest" }),
    sample(before, "kinora_jobs_completed_total", { type: "box.ingest" }) + 1,
  );
  assert.equal(
    sample(afterText, "kinora_ingest_time_to_playable_seconds_count"),
    sample(before, "kinora_ingest_time_to_playable_seconds_count") + 1,
  );
  assert.ok(sample(afterText, "kinora_ingest_time_to_playable_seconds_sum") > sample(before, "kinora_ingest_time_to_playable_seconds_sum"));
  assert.equal(
    sample(afterText, "kinora_ingest_ladder_seconds_count"),
    sample(before, "kinora_ingest_ladder_seconds_count") + 1, // the 360p rung after the remux
  );
  assert.ok(sample(afterText, "kinora_workers_alive") >= 1, "the worker's heartbeat");
  // the queue gauges: nothing waits once the upload is done (a type with no due job has no series)
  assert.equal(sample(afterText, "kinora_jobs_waiting", { type: "box.ingest" }), 0);
  // no attempt failed; every cause's series is there from the start
  for (const cause of ["probe", "decode", "encode", "memory", "timeout", "storage", "other"])
    assert.match(afterText, new RegExp(`^kinora_ingest_failures_total\\{cause="${cause}"\\} 0$`, "m"), cause);
  // the storage's failure series, at 0 (the uploads went to the local disk)
  assert.match(afterText, /^kinora_storage_errors_total\{driver="local",operation="putFile"\} 0$/m);
});

test("a cut-short upload: kinora_ingest_failures_total{cause=probe} grows by one", async () => {
  const jobsUrl = workerMetricsUrl ?? `${server.url}/metrics`;
  const before = await scrape(jobsUrl);
  const api = new Api(server.url);
  const user = await newUser(api);
  const media = makeMediaDir();
  const whole = makeH264AacMp4(media, { durationSeconds: 2, width: 320, height: 180, faststart: false, name: "whole.mp4" });
  const res = await uploadFile(api, user.access, makeTruncated(media, whole, 20 * 1024), { title: "cut short" });
  assert.equal(res.status, 201, res.text);
  const item = await waitForItem(api, user.access, res.body.boxId, isFinal, 120_000);
  assert.equal(item.status, "FAILED", JSON.stringify(item));
  const after = await scrape(jobsUrl);
  const delta = (cause: string) =>
    sample(after, "kinora_ingest_failures_total", { cause }) - sample(before, "kinora_ingest_failures_total", { cause });
  assert.equal(delta("probe"), 1, "the file ffprobe cannot read");
  for (const cause of ["decode", "encode", "memory", "timeout", "storage", "other"]) assert.equal(delta(cause), 0, cause);
});

test("kinora_auth_logins_total by outcome and kinora_mail_total count what happened", async () => {
  const api = new Api(server.url);
  const before = await scrape();
  // mails are sent by the job worker (a mail.send job): on PostgreSQL the worker process counts them
  const mailUrl = workerMetricsUrl ?? `${server.url}/metrics`;
  const mailBefore = await scrape(mailUrl);
  const user = await newUser(api); // one good login
  const bad = await api.token({ grant_type: "password", username: user.userCode, password: "Wrong-pass-1" });
  assert.notEqual(bad.status, 200, bad.text);
  // an activation mail (DATA_DIR/outbox here, no SMTP_URL)
  const reg = await register(api, registration({ activationUrl: `${server.url}/activate?t=\${token}` }));
  assert.equal(reg.status, 201, reg.text);
  const after = await scrape();
  const delta = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
  assert.equal(delta("kinora_auth_logins_total", { outcome: "ok" }), 1);
  assert.equal(delta("kinora_auth_logins_total", { outcome: "bad_credentials" }), 1);
  const transport = process.env.SMTP_URL ? "smtp" : "outbox";
  const mailDelta = async (outcome: string) =>
    sample(await scrape(mailUrl), "kinora_mail_total", { transport, outcome }) -
    sample(mailBefore, "kinora_mail_total", { transport, outcome });
  const deadline = Date.now() + 10_000;
  while ((await mailDelta("sent")) < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  assert.equal(await mailDelta("sent"), 1);
  assert.equal(await mailDelta("failed"), 0);
});

test("kinora_rate_limited_total{limit=login}: a login refused by its failure counter", async () => {
  const api = new Api(server.url);
  const user = await newUser(api);
  const before = await scrape();
  // LOGIN_MAX_FAILURES (default 5) wrong passwords, then the counter refuses with 429
  let refused = 0;
  for (let i = 0; i < 8 && refused === 0; i++) {
    const res = await api.token({ grant_type: "password", username: user.userCode, password: `Wrong-pass-${i}` });
    if (res.status === 429) refused = i + 1;
    else assert.equal(res.status, 400, res.text);
  }
  assert.ok(refused > 1, "a wrong password is refused with 429 once the limit is reached");
  const after = await scrape();
  const delta = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
  assert.equal(delta("kinora_rate_limited_total", { limit: "login" }), 1);
  assert.equal(delta("kinora_auth_logins_total", { outcome: "rate_limited" }), 1);
  assert.ok(!/kinora_rate_limited_total\{limit="[^"]*[@:]/.test(after), "no key, address or id in the label");
});

test("kinora_payments_total{provider=sandbox}: a payment started, paid; another cancelled", async () => {
  const api = new Api(server.url);
  const buyer = await newUser(api);
  const before = await scrape();
  const subscribe = () =>
    api.post("/api/license/Entry/subscribe", { returnUrl: `${server.url}/ok`, cancelUrl: `${server.url}/no` }, { token: buyer.access });
  const paid = await subscribe();
  assert.equal(paid.status, 200, paid.text);
  assert.equal((await checkout(paid.body.url, "paid")).status, 303);
  const cancelled = await subscribe();
  assert.equal(cancelled.status, 200, cancelled.text);
  assert.equal((await checkout(cancelled.body.url, "cancelled")).status, 303);
  await checkout(paid.body.url, "paid"); // posting again changes nothing, counts nothing
  const after = await scrape();
  const delta = (outcome: string) =>
    sample(after, "kinora_payments_total", { provider: "sandbox", outcome }) -
    sample(before, "kinora_payments_total", { provider: "sandbox", outcome });
  assert.equal(delta("started"), 2);
  assert.equal(delta("paid"), 1);
  assert.equal(delta("cancelled"), 1);
  assert.equal(delta("failed"), 0);
});

test("kinora_db_query_duration_seconds has samples of Prisma and of the raw-SQL port; the live and cast gauges are there", async () => {
  const api = new Api(server.url);
  const user = await newUser(api);
  for (const p of [`/api/public/user/${user.userCode}/overview`, "/api/public/search/contentbundles"])
    await (await fetch(`${server.url}${p}`)).arrayBuffer();
  const text = await scrape();
  for (const client of ["prisma", "sql"]) {
    const count = sample(text, "kinora_db_query_duration_seconds_count", { client });
    assert.ok(count > 0, `${client} statements timed`);
    assert.equal(sample(text, "kinora_db_query_duration_seconds_bucket", { client, le: "+Inf" }), count);
    assert.ok(sample(text, "kinora_db_query_duration_seconds_sum", { client }) > 0);
  }
  // nothing publishes or airs in this test: the gauges read 0 (each read at scrape time)
  for (const name of [
    "kinora_live_publishing_sessions",
    "kinora_live_ingest_streams",
    "kinora_live_ingest_bytes_per_second",
    "kinora_cast_channels_on_air",
  ])
    assert.match(text, new RegExp(`^${name} 0$`, "m"), name);
  assert.match(text, /^kinora_live_viewers\{kind="channel"\} 0$/m);
  assert.match(text, /^kinora_live_viewers\{kind="replay"\} 0$/m);
});

test("kinora_edge_refusals_total{reason}: the edge's refusals of media URLs, each counted once by its reason", async () => {
  const [owner, box] = [randomUUID(), randomUUID()];
  const now = Math.floor(Date.now() / 1000);
  const refused = {
    malformed: "/media/12/34/hls/x/master.m3u8",
    signature: `/media/${now + 600}/${"A".repeat(32)}/hls/${owner}/${owner}/${box}/master.m3u8`,
    expired: `${signAs(server, "hls", owner, box, now - 60)}master.m3u8`,
    early: `${signAs(server, "hls", owner, box, now + 600, owner, now + 300)}master.m3u8`,
  };
  const before = await scrape();
  for (const [reason, path] of Object.entries(refused)) {
    const res = await fetch(server.url + path);
    await res.arrayBuffer();
    assert.equal(res.status, 403, `${reason}: ${path}`);
    assert.match(res.headers.get("x-request-id") ?? "", /^[A-Za-z0-9._-]{8,128}$/, `${reason}: the refusal carries its request id`);
  }
  // a valid signature for a file that does not exist is no refusal: a 404, not counted
  const missing = await fetch(`${server.url}${signAs(server, "hls", owner, box, now + 600)}master.m3u8`);
  await missing.arrayBuffer();
  assert.equal(missing.status, 404);
  const after = await scrape();
  for (const reason of Object.keys(refused))
    assert.equal(
      sample(after, "kinora_edge_refusals_total", { reason }) - sample(before, "kinora_edge_refusals_total", { reason }),
      1,
      reason,
    );
});

test("promtool: the scrapes are valid, the rules load, every metric the rules and the dashboard name is exported", async () => {
  const scrapes = [await scrape()];
  if (workerMetricsUrl) {
    const fromWorker = await scrape(workerMetricsUrl);
    assert.match(fromWorker, /^kinora_jobs_completed_total\{type="box.ingest"\} /m);
    scrapes.push(fromWorker);
    const denied = await fetch(workerMetricsUrl.replace("/metrics", "/other"));
    assert.equal(denied.status, 404);
    await denied.arrayBuffer();
  }
  // promtool check metrics exits 1 for a malformed exposition, 3 for naming (lint) problems
  for (const text of scrapes) {
    const { status, output } = promtool(["check", "metrics"], text);
    assert.ok(status === 0 || status === 3, output);
    const problems = output.split("\n").filter((line) => line.trim() && !DEFAULTS_LINT.test(line));
    assert.deepEqual(problems, [], "promtool check metrics");
  }
  const rules = readFileSync("ops/prometheus/alerts.yml", "utf8");
  const checked = promtool(["check", "rules", "ops/prometheus/alerts.yml"]);
  assert.equal(checked.status, 0, checked.output);
  assert.match(checked.output, /SUCCESS: 9 rules found/);
  const dashboard = JSON.parse(readFileSync("ops/grafana/kinora.json", "utf8")) as { panels: { targets: { expr: string }[] }[] };
  const expressions = [...rules.matchAll(/expr: (?:\|\n)?([\s\S]*?)\n\s+(?:for|labels):/g)].map((m) => m[1]!);
  assert.ok(expressions.length >= 9, "the rules' expressions");
  for (const panel of dashboard.panels) for (const target of panel.targets) expressions.push(target.expr);
  // a sample, or for a gauge by type with nothing to report now (no job waiting) its TYPE line
  const exported = new Set(scrapes.flatMap((text) => [...text.matchAll(/^(?:# TYPE )?([a-zA-Z_:][\w:]*)[{ ]/gm)].map((m) => m[1]!)));
  const named = new Set(expressions.flatMap((e) => [...e.matchAll(/\b((?:kinora|http|process|nodejs)_\w+)/g)].map((m) => m[1]!)));
  assert.ok(named.size >= 18);
  for (const name of named) assert.ok(exported.has(name), `${name} is named in ops/ but not in a scrape`);
});
