// The logger (src/server/log/logger.mjs) in a process of its own, as the launcher runs it: JSON lines
// on stdout, the request's id from its context, a job's fields before a request's, LOG_LEVEL, the
// console captured, secrets redacted by field and scrubbed from text.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { scrubSecrets } from "../../src/server/log/logger.mjs";

const modules = (name: string) => pathToFileURL(path.resolve("src/server", name)).href;

function run(script: string, env: Record<string, string> = {}): Record<string, any>[] {
  const code = `
    const { logger, captureConsole, withLogContext } = await import(${JSON.stringify(modules("log/logger.mjs"))});
    const { runInRequest } = await import(${JSON.stringify(modules("http/request-context.mjs"))});
    ${script}`;
  const out = spawnSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8", env: { ...process.env, ...env } });
  assert.equal(out.status, 0, out.stderr);
  return out.stdout
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

test("a request's lines carry its id, a job's its own fields first; LOG_LEVEL drops what is below it", () => {
  const lines = run(
    `
    logger().info("outside");
    runInRequest({ id: "req-00000001", method: "GET", path: "/" }, () => {
      logger().info("in request");
      withLogContext({ jobId: "j1", jobType: "box.ingest", requestId: "req-queued-by" }, () => logger().warn("in job"));
    });
    logger().debug("not written");`,
    { LOG_LEVEL: "info" },
  );
  assert.deepEqual(
    lines.map((l) => [l.msg, l.level, l.requestId, l.jobId]),
    [
      ["outside", "info", undefined, undefined],
      ["in request", "info", "req-00000001", undefined],
      ["in job", "warn", "req-queued-by", "j1"],
    ],
  );
  assert.match(lines[0]!.time, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
});

test("console output becomes one JSON line, an Error with its stack", () => {
  const [line] = run(`captureConsole(); console.error("it broke:", new Error("boom"));`);
  assert.equal(line!.level, "error");
  assert.equal(line!.msg, "it broke:");
  assert.equal(line!.err.message, "boom");
  assert.match(line!.err.stack, /^Error: boom\n\s+at /);
});

test("secrets: redacted by field name, scrubbed from text", () => {
  const [line] = run(
    `logger().info({ password: "hunter2-pw", headers: { authorization: "Bearer abcdefgh1234", cookie: "s=1" }, body: { refresh_token: "rt-123456789" } },
      "GET /media/1700000000/abcdefghijklmnopqrstuvwxyz012345/hls/a/b/c/master.m3u8?x=1&token=tk-0123456789 Bearer eyJhbGciOi.x.y postgres://kinora:db-pass-1@db/kinora");`,
  );
  const text = JSON.stringify(line);
  for (const secret of [
    "hunter2-pw",
    "abcdefgh1234",
    "rt-123456789",
    "abcdefghijklmnopqrstuvwxyz012345",
    "tk-0123456789",
    "eyJhbGciOi",
    "db-pass-1",
  ])
    assert.ok(!text.includes(secret), secret);
  assert.equal(line!.password, "[redacted]");
  assert.equal(line!.headers.cookie, "[redacted]");
  assert.match(line!.msg, /^GET \/media\/1700000000\/-\/hls\/a\/b\/c\/master\.m3u8\?x=1&token=\[redacted\]/);
});

test("scrubSecrets leaves ordinary text alone", () => {
  const text = "job 3f2a (box.ingest): ffmpeg exited with 1 at /api/box/3f2a/play userCode=u123";
  assert.equal(scrubSecrets(text), text);
  assert.equal(scrubSecrets("?password=abc&next=1"), "?password=[redacted]&next=1");
  assert.equal(scrubSecrets("Authorization: Basic d3d3OnNlY3JldA=="), "Authorization: Basic [redacted]");
  // an API key wherever it appears (auth/api-keys.ts: kin_ and 43 characters)
  const key = `kin_${"a1B2-_".repeat(7)}c`;
  assert.equal(scrubSecrets(`key ${key} refused`), "key kin_[redacted] refused");
});

test("the request line, serialised by hand, has the shape of every other line; a signed path loses its signature; LOG_LEVEL=warn drops it", () => {
  const script = `
    const { logRequest } = await import(${JSON.stringify(modules("log/request-line.mjs"))});
    logger().info({ requestId: "req-00000002" }, "by pino");
    logRequest(
      { id: "req-00000002", method: "GET", route: "/api/vod/{vodId}", path: "/media/1700000000/abcdefghijklmnopqrstuvwxyz012345/hls/a/master.m3u8", userCode: "u\\"1", clientId: "cli" },
      { status: 206, bytes: 1234, durationMs: 12.345, aborted: true },
    );
    logRequest({ id: "req-00000003", method: "POST", path: "/api/x" }, { status: 500, bytes: 0, durationMs: 1 });
    logRequest({ id: "req-00000004", method: "GET", path: "/api/x;access_token=tk-0123456789" }, { status: 404, bytes: 0, durationMs: 1 });`;
  const before = Date.now();
  const [byPino, full, bare, withToken] = run(script);
  assert.deepEqual(Object.keys(full!).slice(0, 3), Object.keys(byPino!).slice(0, 3)); // level, time, pid
  assert.equal(Object.keys(full!).at(-1), "msg");
  assert.equal(full!.pid, byPino!.pid);
  assert.match(full!.time, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  // the clock the line reads (its date and second made once a second): the wall clock's
  assert.ok(Date.parse(full!.time) >= before - 1 && Date.parse(full!.time) <= Date.now() + 1, full!.time);
  assert.ok(Date.parse(full!.time) >= Date.parse(byPino!.time), `${full!.time} after ${byPino!.time}`);
  // a secret a client put in the path itself is scrubbed like any other line's
  assert.equal(withToken!.path, "/api/x;access_token=[redacted]");
  assert.deepEqual(
    { ...full, time: undefined, pid: undefined },
    {
      level: "info",
      time: undefined,
      pid: undefined,
      requestId: "req-00000002",
      method: "GET",
      route: "/api/vod/{vodId}",
      path: "/media/1700000000/-/hls/a/master.m3u8",
      status: 206,
      durationMs: 12.3,
      bytes: 1234,
      userCode: 'u"1',
      clientId: "cli",
      aborted: true,
      msg: "request",
    },
  );
  assert.deepEqual(Object.keys(bare!), ["level", "time", "pid", "requestId", "method", "path", "status", "durationMs", "bytes", "msg"]);
  assert.deepEqual(run(script, { LOG_LEVEL: "warn" }), []);
});
