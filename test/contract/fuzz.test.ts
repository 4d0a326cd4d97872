// A fuzz of every operation of /api/public/openapi.json over real HTTP (issue 8): malformed bodies,
// wrong types, NUL and surrogate strings, huge strings, bad multipart headers, hostile path
// parameters and odd access_token values, the token endpoint's credentials, and requests nginx
// answers itself. It fails on any 5xx, on an error that is not in the document's error shapes, and
// on a 4xx after which the caller's data (read back through the API, and on PostgreSQL the rows the
// user owns) differs. Bounded: a fixed set of cases, a few requests each; the PGlite half leaves out
// the cases answered by parsing alone (halfRuns below).
import assert from "node:assert/strict";
import net from "node:net";
import { before, test } from "node:test";
import pg from "pg";
import type { Api } from "../support/api";
import {
  BAD_MULTIPART_TYPES,
  HOSTILE_QUERY_TOKENS,
  HOSTILE_SEGMENTS,
  jsonBodyCases,
  multipartOf,
  operationsOf,
  type FuzzCase,
  type OpenApiOperation,
} from "../support/fuzz-cases";
import { uploadClip, waitReady } from "./playback-fixtures";
import { address, connect, newUser, type TestUser } from "./users-fixtures";

let api: Api;
let owner: TestUser;
let publicToken: string;
let item: { boxId: string; contentId: string };
let vodId: string;
const from = address(); // one caller address of its own: the fuzz's failures count against no other test's limits

before(async () => {
  ({ api } = await connect());
  owner = await newUser(api);
  publicToken = await api.publicToken();
  const uploaded = await uploadClip(api, owner.access, undefined, "Fuzz target");
  await waitReady(api, owner.access, uploaded.boxId); // no ingest may change the item while the fuzz compares
  item = { boxId: uploaded.boxId, contentId: uploaded.contentId };
  const vod = await api.post(`/api/box/${uploaded.boxId}/vod`, { licenseType: "FREE" }, { token: owner.access });
  assert.equal(vod.status, 201, vod.text);
  vodId = vod.body.vodId;
});

/** The value each path parameter has when it is not the one made hostile. */
const validParams = (): Record<string, string> => ({
  boxId: item.boxId,
  contentId: encodeURIComponent(item.contentId),
  userCode: owner.userCode,
  progressbarId: "fuzz-progress",
  thumbnailId: "00000000-0000-4000-8000-000000000000",
  width: "320",
  vodId,
});

/**
 * The cases this half sends: on PostgreSQL all of them (where the owner's rows are compared too), on
 * PGlite those whose values may reach the database (hostile strings in paths, queries and fields,
 * huge numbers, the token endpoint's, raw request lines). A parse-only case (fuzz-cases.ts) runs
 * the same code on either database; the PGlite half, whose server's one thread is the suite's
 * narrowest part, sends it only when KINORA_FUZZ_ALL=1.
 */
const halfRuns = (c: FuzzCase): boolean => !c.parseOnly || !!process.env.DATABASE_URL || process.env.KINORA_FUZZ_ALL === "1";

const fill = (path: string, params: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? "x");

/** Operations whose success destroys what the fuzz stands on: only requests that must fail before they act. */
const destructive = (op: OpenApiOperation) => op.method === "DELETE" || op.path.endsWith("/disable");

function casesOf(op: OpenApiOperation, components: Record<string, any>): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const target = fill(op.path, validParams());
  for (const param of op.parameters.filter((p) => p.in === "path")) {
    for (const [kind, value] of Object.entries(HOSTILE_SEGMENTS)) {
      cases.push({ label: `path ${param.name}: ${kind}`, target: fill(op.path, { ...validParams(), [param.name]: value }) });
    }
  }
  if (op.auth === "public" || op.auth === "private") {
    for (const [kind, value] of Object.entries(HOSTILE_QUERY_TOKENS)) {
      cases.push({ label: `access_token: ${kind}`, target: `${target}?access_token=${value}`, token: "none", parseOnly: true });
    }
  }
  if (destructive(op)) return cases;
  for (const param of op.parameters.filter((p) => p.in === "query")) {
    for (const [kind, value] of Object.entries(HOSTILE_SEGMENTS))
      cases.push({ label: `query ${param.name}: ${kind}`, target: `${target}?${param.name}=${value}` });
  }
  cases.push(
    { label: "X-Service-timezone garbage", target, headers: { "X-Service-timezone": "9".repeat(400) }, parseOnly: true },
    { label: "Accept-Language garbage", target, headers: { "Accept-Language": `${"x-".repeat(2000)};q=abc` }, parseOnly: true },
  );
  if (op.body?.type === "application/json") {
    for (const c of jsonBodyCases(op, components))
      cases.push({
        label: `body ${c.label}`,
        target,
        body: c.body,
        headers: { "Content-Type": "application/json" },
        parseOnly: c.parseOnly,
      });
  }
  if (op.body?.type === "multipart/form-data") {
    const file = {
      name: Object.keys(op.body.schema.properties ?? {})[0] ?? "file",
      filename: "x.bin",
      data: Buffer.from("not media at all"),
    };
    for (const [kind, contentType] of Object.entries(BAD_MULTIPART_TYPES)) {
      cases.push({
        label: `multipart ${kind}`,
        target,
        body: multipartOf({ title: "t" }, file).body,
        headers: { "Content-Type": contentType },
        parseOnly: true,
      });
    }
    const truncated = multipartOf({ title: "t" }, file, false);
    cases.push({ label: "multipart truncated", target, body: truncated.body, headers: { "Content-Type": truncated.contentType } });
    for (const field of Object.keys(op.body.schema.properties ?? {}).filter((f) => f !== file.name)) {
      for (const [kind, value] of Object.entries({
        nul: "a\u0000b",
        huge: "h".repeat(70_000),
        "control characters": "\u0001\u001f\u007f",
      })) {
        const m = multipartOf({ title: "t", [field]: value }, file);
        cases.push({ label: `multipart ${field}: ${kind}`, target, body: m.body, headers: { "Content-Type": m.contentType } });
      }
    }
  }
  if (op.method === "POST" && !op.body)
    cases.push({ label: "unexpected body", target, body: "{", headers: { "Content-Type": "application/json" } });
  return cases;
}

/** The token endpoint's own cases: NUL and garbage in credentials and form fields, other methods. */
function tokenEndpointCases(): (FuzzCase & { method?: string })[] {
  const basic = (raw: string) => `Basic ${Buffer.from(raw, "utf8").toString("base64")}`;
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  return [
    {
      label: "NUL in username",
      target: "/oauth/token",
      headers: { ...form, Authorization: basic("www:") },
      body: "grant_type=password&username=a%00b&password=x",
    },
    {
      label: "NUL in password",
      target: "/oauth/token",
      headers: { ...form, Authorization: basic("www:") },
      body: "grant_type=password&username=ab&password=x%00",
    },
    {
      label: "Basic with NUL in the id",
      target: "/oauth/token",
      headers: { ...form, Authorization: basic("w\u0000ww:") },
      body: "grant_type=client_credentials",
    },
    {
      label: "Basic with NUL in the secret",
      target: "/oauth/token",
      headers: { ...form, Authorization: basic("www:\u0000") },
      body: "grant_type=client_credentials",
    },
    {
      label: "Basic not base64",
      target: "/oauth/token",
      headers: { ...form, Authorization: "Basic !!!" },
      body: "grant_type=client_credentials",
    },
    {
      label: "huge grant type",
      target: "/oauth/token",
      headers: { ...form, Authorization: basic("www:") },
      body: `grant_type=${"g".repeat(60_000)}`,
    },
    {
      label: "NUL refresh token",
      target: "/oauth/token",
      headers: { ...form, Authorization: basic("www:") },
      body: "grant_type=refresh_token&refresh_token=%00",
    },
    {
      label: "JSON body",
      target: "/oauth/token",
      headers: { "Content-Type": "application/json", Authorization: basic("www:") },
      body: "{",
    },
    ...["PUT", "PATCH", "DELETE"].map((method) => ({
      label: `${method} /oauth/token`,
      target: "/oauth/token",
      method,
      token: "none" as const,
    })),
  ];
}

const ERROR_KEYS = ["error", "message", "path", "status", "timestamp"];

/** Checks one answer: no 5xx; an error is JSON in the document's error body or in the OAuth shape. */
function checkAnswer(label: string, status: number, contentType: string, text: string): string | undefined {
  if (status >= 500) return `${label}: ${status} ${text.slice(0, 300)}`;
  if (status < 400) return undefined;
  if (!/^application\/json/i.test(contentType)) return `${label}: ${status} is not JSON (${contentType}): ${text.slice(0, 200)}`;
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    return `${label}: ${status} body is not JSON: ${text.slice(0, 200)}`;
  }
  const keys = Object.keys(body ?? {}).sort();
  if (keys.length === 2 && keys[0] === "error" && keys[1] === "error_description") {
    return typeof body.error === "string" && typeof body.error_description === "string"
      ? undefined
      : `${label}: OAuth shape with odd values`;
  }
  const extra = keys.filter((k) => !ERROR_KEYS.includes(k) && k !== "errors" && k !== "exception");
  if (!ERROR_KEYS.every((k) => keys.includes(k)) || extra.length) return `${label}: ${status} not the error shape: ${text.slice(0, 300)}`;
  if (body.status !== status || typeof body.message !== "string" || /\n\s+at /.test(body.message))
    return `${label}: ${status} odd error body ${text.slice(0, 300)}`;
  if (body.errors !== undefined) {
    const ok =
      Array.isArray(body.errors) && body.errors.every((e: any) => typeof e.field === "string" && typeof e.defaultMessage === "string");
    if (!ok || status !== 400) return `${label}: ${status} odd field errors ${text.slice(0, 300)}`;
  }
  return undefined;
}

/** The statement that hashes the owner's rows of every table with a userId or ownerId column (PostgreSQL), made once. */
let ownedRowsSql: Promise<string> | undefined;
function ownedRowsStatement(db: pg.Client): Promise<string> {
  ownedRowsSql ??= db
    .query<{ table_name: string; column_name: string; udt_name: string }>(
      `SELECT table_name, column_name, udt_name FROM information_schema.columns
       WHERE table_schema = 'public' AND (column_name IN ('userId', 'ownerId') AND table_name NOT IN ('RateLimit')
         OR table_name = 'User' AND column_name = 'id') ORDER BY table_name`,
    )
    .then(({ rows: tables }) =>
      tables
        .map(
          // $1 cast to each column's own type (text or uuid): one parameter for every table, indexes still used
          ({ table_name, column_name, udt_name }) =>
            `SELECT '${table_name}:' || count(*) || ':' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS part FROM "${table_name}" t WHERE "${column_name}" = $1::text::${udt_name}`,
        )
        .join("\nUNION ALL\n"),
    );
  return ownedRowsSql;
}

/** What the owner's data looks like through the API, and on PostgreSQL the rows the owner owns (one statement). */
async function fingerprint(db: pg.Client | undefined, ownerId: string): Promise<string> {
  const headers = { "X-Forwarded-For": from };
  const [me, overview, box, rows] = await Promise.all([
    api.get("/api/user/me", { token: owner.access, headers }),
    api.get("/api/user/me/overview", { token: owner.access, headers }),
    api.post("/api/search/box/contents", { pageSize: 100, pageIndex: 0 }, { token: owner.access, headers }),
    db ? ownedRowsStatement(db).then((sql) => db.query<{ part: string }>(sql, [ownerId])) : undefined,
  ]);
  return JSON.stringify([
    me.status,
    me.text,
    overview.text,
    box.text,
    rows
      ? rows.rows
          .map((r) => r.part)
          .sort()
          .join(",")
      : "",
  ]);
}

/** The fingerprint once no item of the owner is being processed any more (an accepted upload's ingest ends). */
async function settled(db: pg.Client | undefined, ownerId: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const box = await api.post(
      "/api/search/box/contents",
      { pageSize: 100, pageIndex: 0 },
      { token: owner.access, headers: { "X-Forwarded-For": from } },
    );
    const busy = (box.body?.items ?? []).some((i: { status: string }) => i.status === "PROCESSING");
    if (!busy || Date.now() > deadline) return fingerprint(db, ownerId);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function send(c: FuzzCase & { method?: string }, method: string, token: string | undefined) {
  const headers: Record<string, string> = { Accept: "application/json", "X-Forwarded-For": from, ...c.headers };
  if (token && c.token !== "none") headers.Authorization = `Bearer ${token}`;
  const res = await fetch(api.url + c.target, { method: c.method ?? method, headers, body: c.body, redirect: "manual" });
  return { status: res.status, contentType: res.headers.get("content-type") ?? "", text: await res.text() };
}

/** One raw HTTP/1.1 request (what fetch refuses to send), answered by nginx itself or by the app. */
function rawHttp(requestLine: string): Promise<{ status: number; contentType: string; text: string }> {
  const { hostname, port } = new URL(api.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let data = "";
    socket.setTimeout(10_000, () => socket.destroy(new Error("timeout")));
    socket.on("data", (d) => (data += d.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", ...rest] = data.split("\r\n\r\n");
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      const contentType = /^content-type:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? "";
      const raw = rest.join("\r\n\r\n");
      resolve({ status, contentType, text: /^transfer-encoding:\s*chunked/im.test(head) ? dechunk(raw) : raw });
    });
    socket.write(`${requestLine}\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`, "latin1");
  });
}

/** The payload of a chunked HTTP/1.1 body. */
function dechunk(raw: string): string {
  let out = "";
  let rest = raw;
  for (;;) {
    const eol = rest.indexOf("\r\n");
    const size = parseInt(rest.slice(0, eol), 16);
    if (!(size > 0)) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

test(
  "every operation of the OpenAPI document: no 5xx, errors in the document's shapes, a 4xx changes nothing",
  { timeout: 480_000 },
  async () => {
    const started = Date.now();
    const doc = (await api.get("/api/public/openapi.json")).body;
    const ops = operationsOf(doc);
    assert.ok(ops.length >= 20, `operations: ${ops.length}`);
    const ownerId = JSON.parse(Buffer.from(owner.access.split(".")[1]!, "base64url").toString()).sub as string;
    const db = process.env.DATABASE_URL ? new pg.Client({ connectionString: process.env.DATABASE_URL }) : undefined;
    await db?.connect();
    const failures: string[] = [];
    let requests = 0;
    try {
      // The owner's data is compared after each run of refused (4xx) requests, at the end of each
      // operation: a change names the operation and the refused cases of that run. A request that
      // succeeds may change the data (or start an upload's ingest): then the refused requests of the
      // run before it are sent again, one by one, each compared on its own.
      let before = await fingerprint(db, ownerId);
      let refused: { c: FuzzCase & { method?: string }; method: string; token?: string; label: string }[] = [];
      const sendChecked = async (c: FuzzCase & { method?: string }, method: string, token: string | undefined, label: string) => {
        const res = await send(c, method, token);
        requests++;
        const problem = checkAnswer(label, res.status, res.contentType, res.text);
        if (problem) failures.push(problem);
        return res.status;
      };
      const compare = async (what: string) => {
        const after = await fingerprint(db, ownerId);
        if (after !== before) failures.push(`${what}: refused, but the owner's data changed`);
        before = after;
      };
      for (const op of ops) {
        const cases = (op.auth === "client" ? tokenEndpointCases() : casesOf(op, doc.components.schemas)).filter(halfRuns);
        const token = op.auth === "private" ? owner.access : op.auth === "public" ? publicToken : undefined;
        // the cases that may well succeed (odd headers and query values) first, so that the refusals
        // after them are compared as one run
        const mayPass = (c: FuzzCase) => /^(query |X-Service|Accept-Language)/.test(c.label);
        for (const c of [...cases.filter(mayPass), ...cases.filter((c) => !mayPass(c))]) {
          const label = `${op.method} ${op.path} [${c.label}]`;
          const status = await sendChecked(c, op.method, token, label);
          if (status >= 400 && status < 500) {
            refused.push({ c, method: op.method, token, label });
            continue;
          }
          before = await settled(db, ownerId);
          for (const r of refused) {
            const again = await sendChecked(r.c, r.method, r.token, r.label);
            if (again >= 400 && again < 500) await compare(`${r.label} ${again}`);
            else before = await settled(db, ownerId);
          }
          refused = [];
        }
        if (refused.length) await compare(refused.map((r) => r.label).join(", "));
        refused = [];
      }
      // what fetch cannot send: NUL and bad escapes in the request line, a URL over nginx's limits, bare methods
      for (const line of [
        "GET /api/box/a%00b HTTP/1.1",
        "GET /api/%zz HTTP/1.1",
        `GET /api/public/search/users?q=${"a".repeat(20_000)} HTTP/1.1`,
        "PUT /oauth/token HTTP/1.1",
        "GET /api/user/me\u0000 HTTP/1.1",
        "GET /api/box/%C0%AF HTTP/1.1",
      ]) {
        const res = await rawHttp(line);
        requests++;
        if (res.status === 0) failures.push(`raw ${line.slice(0, 60)}: no answer`);
        else {
          const problem = checkAnswer(`raw ${line.slice(0, 60)}`, res.status, res.contentType, res.text);
          if (problem) failures.push(problem);
        }
      }
    } finally {
      await db?.end();
    }
    console.log(`# fuzz: ${requests} requests over ${ops.length} operations in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    for (const f of failures) console.log(`# fuzz failure: ${f.slice(0, 400).replace(/\s+/g, " ")}`);
    assert.deepEqual(failures, []);
  },
);
