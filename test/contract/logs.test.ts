// Logs and request ids (docs/operations.md "Logs", "Request ids") on a server of its own behind its
// nginx edge: the launcher's whole output (the app, Next, the in-process job worker, the error logs
// of nginx and nginx-rtmp: JSON lines on stdout) and every log file of its DATA_DIR (the edge's JSON
// access log, the band log) never hold a password, a bearer or refresh token, a portal cookie, a
// signed media URL's signature or a live password; one request id given at the edge is in the
// response, the edge's line, the app's line and every line of the ingest job the request queued; a
// malformed id is replaced; every kind of response carries one; a 500's body quotes it.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { Api } from "../support/api";
import { makeH264AacMp4, makeMediaDir } from "../support/media-fixtures";
import { portalSignIn } from "../support/portal-session";
import { publishTestPattern } from "../support/live-fixtures";
import { ALL_ROLES, startKinora, type Kinora } from "../support/server";
import { preparePostgres } from "../../scripts/test-postgres";
import { isFinal, uploadFile, waitForItem } from "./box-fixtures";
import { createChannel, setLivePassword } from "./live-fixtures";
import { parseSigned } from "./playback-fixtures";
import { newUser, postToken, type TestUser } from "./users-fixtures";

let server: Kinora;
let ownDb: { url: string; drop(): Promise<void> } | undefined;
let api: Api;
let user: TestUser;

before(async () => {
  // on PostgreSQL a database of its own, its job worker inside the launcher (its lines in the same output)
  ownDb = process.env.DATABASE_URL ? await preparePostgres() : undefined;
  server = await startKinora({
    KINORA_BENCH: "1",
    NGINX: "1",
    LIVE_INGEST: "1",
    SMTP_URL: "",
    ...(ownDb ? { DATABASE_URL: ownDb.url, ...ALL_ROLES } : {}),
  });
  api = new Api(server.url);
  user = await newUser(api);
});

after(async () => {
  await server?.stop();
  await ownDb?.drop();
});

interface LogLine {
  level?: string;
  msg?: string;
  requestId?: string;
  jobId?: string;
  jobType?: string;
  [field: string]: unknown;
}

/** The JSON lines of a text (other lines skipped). */
function jsonLines(text: string): LogLine[] {
  return text.split("\n").flatMap((line) => {
    if (!line.startsWith("{")) return [];
    try {
      return [JSON.parse(line) as LogLine];
    } catch {
      return [];
    }
  });
}

/** Every *.log file under a directory. */
function logFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => path.join(dir, name))
    .filter((file) => file.endsWith(".log") && statSync(file).isFile());
}

const edgeLog = () => jsonLines(readFileSync(path.join(server.dataDir, "nginx", "access.log"), "utf8"));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `find` finds something in the launcher's output (lines are written when responses end). */
async function waitFor<T>(find: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`not logged in ${timeoutMs} ms: ${what}\n${server.output!().slice(-4000)}`);
    await sleep(100);
  }
}

test("one request id from the edge to the last line of the ingest job the request queued", async () => {
  const id = `logs-test-${Date.now()}`;
  const file = makeH264AacMp4(makeMediaDir(), { durationSeconds: 2, width: 320, height: 180 });
  const res = await uploadFile(api, user.access, file, { title: "request id" }, { headers: { "X-Request-Id": id } });
  assert.equal(res.status, 201, res.text);
  assert.equal(res.headers.get("x-request-id"), id, "the response carries it");
  const item = await waitForItem(api, user.access, res.body.boxId, isFinal, 180_000);
  assert.equal(item.status, "READY", JSON.stringify(item));

  // the app's request line (the edge writes none for what the app answered: one line per request):
  // route template, path, status, duration, bytes, user and client
  const line = await waitFor(() => jsonLines(server.output!()).find((l) => l.msg === "request" && l.requestId === id), "the app's line");
  assert.equal(line.level, "info");
  assert.equal(line.method, "POST");
  assert.equal(line.route, "/api/box");
  assert.equal(line.path, "/api/box");
  assert.equal(line.status, 201);
  assert.equal(typeof line.durationMs, "number");
  // what the app sent for the response: its status line and headers, then the JSON body
  const bodyBytes = Buffer.byteLength(res.text);
  assert.ok(Number(line.bytes) > bodyBytes + 50 && Number(line.bytes) < bodyBytes + 4096, `${line.bytes} bytes for a body of ${bodyBytes}`);
  assert.equal(line.userCode, user.userCode);
  assert.equal(line.clientId, "www");
  assert.match(String(line.time), /^\d{4}-\d{2}-\d{2}T/);
  await sleep(1500); // the edge writes its log at least every second
  assert.equal(edgeLog().filter((l) => l.requestId === id).length, 0, "the app's request, logged once, by the app");
  // every line of the ingest job carries it: at least its start and its end
  const jobLines = await waitFor(() => {
    const lines = jsonLines(server.output!()).filter((l) => l.jobType === "box.ingest" && l.requestId === id);
    return lines.some((l) => l.msg === "job completed") ? lines : undefined;
  }, "the job's lines");
  const jobId = jobLines[0]!.jobId;
  assert.ok(jobId);
  assert.ok(jobLines.some((l) => l.msg === "job started"));
  const ofJob = jsonLines(server.output!()).filter((l) => l.jobId === jobId);
  assert.ok(ofJob.length >= 2);
  for (const l of ofJob) assert.equal(l.requestId, id, JSON.stringify(l));
});

test("a malformed X-Request-Id is replaced; a REST 404, a media 403 of the edge and a portal page carry one", async () => {
  const sent = "bad id with spaces";
  const answers = [
    ["/api/no/such/operation", 404],
    [
      `/media/1/${"x".repeat(32)}/hls/00000000-0000-4000-8000-000000000000/00000000-0000-4000-8000-000000000000/00000000-0000-4000-8000-000000000000/master.m3u8`,
      403,
    ],
    ["/", 200],
  ] as const;
  for (const [p, status] of answers) {
    for (const headers of [{ "X-Request-Id": sent }, {} as Record<string, string>]) {
      const res = await fetch(`${server.url}${p}`, { headers });
      await res.arrayBuffer();
      assert.equal(res.status, status, p);
      assert.match(res.headers.get("x-request-id") ?? "", /^[0-9a-f]{32}$/, `${p}: a new id`);
    }
  }
  const kept = await fetch(`${server.url}/api/no/such/operation`, { headers: { "X-Request-Id": "edge.req_0001" } });
  await kept.arrayBuffer();
  assert.equal(kept.headers.get("x-request-id"), "edge.req_0001");
  // a 4xx body keeps its documented shape: no requestId
  const notFound = await (await fetch(`${server.url}/api/no/such/operation`)).json();
  assert.deepEqual(Object.keys(notFound).sort(), ["error", "message", "path", "status", "timestamp"]);
});

test("a 500's body quotes its request id; the error is logged once, with its stack, under the same id", async () => {
  const res = await fetch(`${server.url}/bench/fail?as=rest`);
  assert.equal(res.status, 500);
  const body = await res.json();
  const id = res.headers.get("x-request-id");
  assert.match(id ?? "", /^[0-9a-f]{32}$/);
  assert.equal(body.requestId, id);
  assert.equal(body.status, 500);
  assert.equal(body.error, "Internal Server Error");
  assert.equal(body.path, "/bench/fail");
  const errors = await waitFor(() => {
    const lines = jsonLines(server.output!()).filter((l) => l.requestId === id);
    return lines.some((l) => l.msg === "request") ? lines.filter((l) => l.level === "error") : undefined;
  }, "the 500's lines");
  assert.equal(errors.length, 1, JSON.stringify(errors));
  const err = errors[0]!.err as { stack?: string };
  assert.match(err.stack ?? "", /a failure asked for by \/bench\/fail\n\s+at /);
});

test("no password, token, API key, cookie, media signature or live password in any output", async () => {
  const secrets: Record<string, string> = { password: user.password, access: user.access, refresh: user.refresh };
  // a bearer token in the header and in the query (access_token)
  assert.equal((await api.get("/api/user/me", { token: user.access })).status, 200);
  await (await fetch(`${server.url}/api/user/me?access_token=${encodeURIComponent(user.access)}`)).arrayBuffer();
  // a refresh token exchanged, and the next one
  const refreshed = await postToken(api, { grant_type: "refresh_token", refresh_token: user.refresh });
  assert.equal(refreshed.status, 200, refreshed.text);
  const nextAccess: string = refreshed.body.access_token;
  secrets.nextAccess = nextAccess;
  secrets.nextRefresh = refreshed.body.refresh_token;
  // a failed login's password too
  secrets.wrongPassword = "Wrong-password-7f3e";
  assert.notEqual((await postToken(api, { grant_type: "password", username: user.userCode, password: secrets.wrongPassword })).status, 200);
  // a portal session cookie on a page
  const { cookie } = await portalSignIn(server.url, user.userCode, user.password);
  secrets.cookie = cookie.split("=").slice(1).join("=").split(";")[0]!;
  const page = await fetch(`${server.url}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
  await page.arrayBuffer();
  assert.equal(page.status, 200);
  // a signed media URL fetched through the edge
  const file = makeH264AacMp4(makeMediaDir(), { durationSeconds: 2, width: 320, height: 180 });
  const up = await uploadFile(api, nextAccess, file, { title: "signed" });
  assert.equal(up.status, 201, up.text);
  await waitForItem(api, nextAccess, up.body.boxId, isFinal, 180_000);
  const played = await api.post(`/api/box/${up.body.boxId}/play`, undefined, { token: nextAccess });
  assert.equal(played.status, 200, played.text);
  const master: string = played.body.streamer;
  secrets.signature = parseSigned(master).sig;
  const media = await fetch(master);
  await media.arrayBuffer();
  assert.equal(media.status, 200);
  assert.match(media.headers.get("x-request-id") ?? "", /^[0-9a-f]{32}$/, "media served by nginx carries an id");
  // a signed URL of a file that is not there: nginx's error log quotes the request line (signature included)
  const missing = await fetch(new URL("missing-rung/segment-0.ts", master));
  await missing.arrayBuffer();
  assert.equal(missing.status, 404);
  await waitFor(
    () => jsonLines(server.output!()).find((l) => l.source === "nginx-edge" && String(l.msg).includes("segment-0.ts")),
    "nginx's error line, through the launcher",
  );
  // a live password: an encoder admitted with it, and one refused with another
  const channel = await createChannel(api, { ...user, access: nextAccess });
  const [livePassword, wrongLivePassword] = ["Live-secret-91b2c3", "Live-guess-4d5e6f"];
  Object.assign(secrets, { livePassword, wrongLivePassword });
  await setLivePassword(api, { ...user, access: nextAccess }, livePassword);
  const rtmp = (password: string) =>
    `rtmp://127.0.0.1:${server.rtmpPort}/live/${channel.streamPath}?user=${encodeURIComponent(user.userCode)}&password=${encodeURIComponent(password)}`;
  const refused = publishTestPattern(rtmp(wrongLivePassword), { seconds: 2 });
  assert.notEqual(await refused.exited, 0, refused.output());
  const admitted = publishTestPattern(rtmp(livePassword), { seconds: 2 });
  assert.equal(await admitted.exited, 0, admitted.output());
  // an API key: as a bearer, in the access_token parameter, outside its scopes, and revoked
  const made = await api.post("/api/user/me/api-keys", { name: "logs", scopes: ["box:read"] }, { token: nextAccess });
  assert.equal(made.status, 201, made.text);
  secrets.apiKey = made.body.key;
  assert.equal((await api.post("/api/search/box/contents", { pageSize: 1 }, { token: made.body.key })).status, 200);
  assert.equal((await api.get(`/api/user/me?access_token=${made.body.key}`)).status, 403);
  assert.equal((await api.delete(`/api/user/me/api-keys/${made.body.keyId}`, { token: nextAccess })).status, 204);
  assert.equal((await api.post("/api/search/box/contents", { pageSize: 1 }, { token: made.body.key })).status, 401);
  await sleep(1500); // the lines of the requests just answered, the publish's end

  const files = logFiles(server.dataDir);
  assert.ok(
    files.some((f) => f.endsWith(path.join("nginx", "access.log"))),
    "the edge's access log is there",
  );
  const outputs: [string, string][] = [
    ["launcher output", server.output!()],
    ...files.map((f): [string, string] => [f, readFileSync(f, "utf8")]),
  ];
  for (const [where, text] of outputs)
    for (const [name, secret] of Object.entries(secrets)) {
      assert.ok(secret.length >= 8, name);
      assert.ok(!text.includes(secret), `${name} found in ${where}`);
      assert.ok(!text.includes(encodeURIComponent(secret)), `${name} (URL-encoded) found in ${where}`);
    }
  // the media request was logged by the edge, without its signature
  const mediaLine = edgeLog().find((l) => String(l.path).endsWith("/master.m3u8") && l.status === 200);
  assert.ok(mediaLine, "the edge logged the media request");
  assert.match(String(mediaLine.path), /^\/media\/\d+\/-\/hls\//);
});
