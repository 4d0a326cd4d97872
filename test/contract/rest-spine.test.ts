// The REST spine over real HTTP: unknown paths and methods, body reading, trailing slashes,
// Accept-Language, and the OpenAPI document and reference page generated from the route tables.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { before, describe, test } from "node:test";
import { translate } from "@/server/i18n/messages";
import { Api, type ApiResponse } from "../support/api";
import { sharedKinora } from "../support/server";

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
/** A fresh caller address, so the registration rate limit of one test never touches another's. */
const address = () => `10.${[0, 0, 0].map(() => randomBytes(1)[0]).join(".")}`;

let api: Api;
let publicToken: string;

before(async () => {
  api = new Api((await sharedKinora()).url);
  publicToken = await api.publicToken();
});

/** Supplement §4: {timestamp, status, error (reason phrase), message, path}, JSON. */
function assertErrorBody(res: ApiResponse, status: number, error: string, path: string, message?: string): void {
  assert.equal(res.status, status, res.text);
  assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
  assert.match(res.body?.timestamp ?? "", ISO_INSTANT);
  assert.equal(res.body.status, status);
  assert.equal(res.body.error, error);
  assert.equal(res.body.path, path);
  assert.equal(typeof res.body.message, "string");
  assert.ok(res.body.message.length > 0);
  if (message !== undefined) assert.equal(res.body.message, message);
  assert.doesNotMatch(res.text, /\bat \S+ \(|node_modules|\.ts:\d+/, "no stack trace");
}

function registration(): Record<string, unknown> {
  const userCode = `s${randomBytes(5).toString("hex")}`;
  return {
    userCode,
    password: "Secret-pass-1",
    passwordConfirm: "Secret-pass-1",
    firstName: "Spine",
    lastName: "Test",
    birthDate: "15/06/1990",
    email: `${userCode}@example.test`,
    language: "en",
    conditionsAccepted: true,
  };
}

/** A fresh active user with a private token. */
async function newUser(): Promise<{ userCode: string; access: string }> {
  const body = registration();
  const res = await api.post("/api/public/user/register", body, { token: publicToken, headers: { "X-Forwarded-For": address() } });
  assert.equal(res.status, 201, res.text);
  const { access } = await api.login(String(body.userCode), String(body.password));
  return { userCode: String(body.userCode), access };
}

describe("unknown paths and methods", () => {
  test("an unknown /api path is 404 with the §4 body, with or without a token", async () => {
    assertErrorBody(await api.get("/api/nothing/here"), 404, "Not Found", "/api/nothing/here", translate("en", "error.notFound"));
    assertErrorBody(await api.post("/api/public/user/nothing", {}, { token: publicToken }), 404, "Not Found", "/api/public/user/nothing");
    assertErrorBody(await api.delete("/api/user/me/more/segments", { token: "garbage" }), 404, "Not Found", "/api/user/me/more/segments");
  });

  test("/api itself is an unknown /api path", async () => {
    assertErrorBody(await api.get("/api"), 404, "Not Found", "/api");
    assertErrorBody(await api.get("/api/"), 404, "Not Found", "/api/");
  });

  test("a known path with a wrong method is 405 with Allow", async () => {
    const res = await api.delete("/api/public/user/register", { token: publicToken });
    assertErrorBody(res, 405, "Method Not Allowed", "/api/public/user/register", translate("en", "error.methodNotAllowed"));
    assert.equal(res.headers.get("allow"), "POST");
    const put = await api.call("PUT", "/api/public/openapi.json", {});
    assertErrorBody(put, 405, "Method Not Allowed", "/api/public/openapi.json");
    assert.match(put.headers.get("allow") ?? "", /\bGET\b/);
  });

  test("percent-encoded path segments are decoded before matching", async () => {
    const res = await api.get("/api/public/%6Fpenapi.json");
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.openapi, (await api.get("/api/public/openapi.json")).body.openapi);
  });
});

describe("request bodies", () => {
  test("malformed JSON is 400 with the §4 body and no field errors", async () => {
    for (const raw of ["{", "{userCode: 1}", "42", '"not json"']) {
      const res = await api.call("POST", "/api/public/user/register", undefined, { token: publicToken, raw });
      assertErrorBody(res, 400, "Bad Request", "/api/public/user/register", translate("en", "error.badRequest"));
      assert.equal(res.body.errors, undefined, raw);
    }
  });

  test('"{ }", an empty body and {} are read as an empty object (validated, not malformed)', async () => {
    for (const raw of ['"{ }"', "", "{}", "null"]) {
      const res = await api.call("POST", "/api/public/user/register", undefined, {
        token: publicToken,
        raw,
        headers: { "Content-Type": "application/json" },
      });
      assertErrorBody(res, 400, "Bad Request", "/api/public/user/register");
      assert.ok(Array.isArray(res.body.errors), `${JSON.stringify(raw)}: ${res.text}`);
      assert.ok(
        res.body.errors.some((e: { field: string }) => e.field === "userCode"),
        res.text,
      );
    }
  });

  test('a POST that needs no body accepts none, {} and "{ }"', async () => {
    for (const raw of [undefined, "{}", '"{ }"']) {
      const { access } = await newUser();
      const res = await api.call("POST", "/api/user/me/disable", undefined, { token: access, ...(raw === undefined ? {} : { raw }) });
      assert.equal(res.status, 204, `${JSON.stringify(raw)}: ${res.status} ${res.text}`);
      assert.equal(res.text, "");
    }
  });

  test("a body over 1 MiB is refused with 413", async () => {
    const raw = JSON.stringify({ ...registration(), firstName: "x".repeat((1 << 20) + 10) });
    const res = await api.call("POST", "/api/public/user/register", undefined, { token: publicToken, raw });
    assertErrorBody(res, 413, "Payload Too Large", "/api/public/user/register");
    assert.equal(res.body.message, "The request body is larger than the 1 MiB this address accepts");
  });

  test("a chunked body (no Content-Length) is read whole, and refused with 413 once it passes 1 MiB", async () => {
    /** POSTs `chunks` with Transfer-Encoding: chunked, one write each; the status and JSON answer. */
    const chunked = (path: string, chunks: string[]) =>
      new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
        const req = http.request(new URL(path, api.url), {
          method: "POST",
          headers: { Authorization: `Bearer ${publicToken}`, "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
        });
        req.on("error", reject);
        req.on("response", (res) => {
          let text = "";
          res.on("data", (d: Buffer) => (text += d.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
        });
        for (const c of chunks) req.write(c);
        req.end();
      });
    // a small body in several chunks: validated as one object (the field error proves it was parsed)
    const parts = await chunked("/api/public/user/register", ['{"userCode":', '"x", "email": ', '"not-an-email"}']);
    assert.equal(parts.status, 400);
    assert.ok(Array.isArray(parts.body.errors), JSON.stringify(parts.body));
    const big = await chunked("/api/public/user/register", [
      '{"firstName":"',
      "x".repeat(1 << 19),
      "x".repeat(1 << 19),
      "x".repeat(64),
      '"}',
    ]);
    assert.equal(big.status, 413);
    assert.equal(big.body.error, "Payload Too Large");
    assert.equal(big.body.message, "The request body is larger than the 1 MiB this address accepts");
    assert.equal(big.body.errors, undefined, "refused, not validated");
  });
});

describe("trailing slash", () => {
  test("a GET with a trailing slash answers exactly as without it, no redirect", async () => {
    const { access } = await newUser();
    const plain = await api.get("/api/user/me", { token: access });
    const slash = await api.get("/api/user/me/", { token: access });
    assert.equal(plain.status, 200, plain.text);
    assert.equal(slash.status, 200, slash.text);
    assert.equal(slash.headers.get("location"), null);
    assert.deepEqual(slash.body, plain.body);
  });

  test("a POST with a trailing slash is served", async () => {
    const body = registration();
    const res = await api.post("/api/public/user/register/", body, { token: publicToken, headers: { "X-Forwarded-For": address() } });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.userCode, body.userCode);
  });

  test("a private path with a trailing slash still needs a token", async () => {
    const res = await api.get("/api/user/me/");
    assert.equal(res.status, 401, res.text);
    assert.equal(res.body.error, "unauthorized");
  });
});

describe("Accept-Language", () => {
  test("it gives Italian messages, en and anything else English", async () => {
    const it = await api.get("/api/nothing", { headers: { "Accept-Language": "it" } });
    assertErrorBody(it, 404, "Not Found", "/api/nothing", translate("it", "error.notFound"));
    assert.notEqual(translate("it", "error.notFound"), translate("en", "error.notFound"));
    const itRegion = await api.get("/api/nothing", { headers: { "Accept-Language": "it-IT,it;q=0.9,en;q=0.8" } });
    assert.equal(itRegion.body.message, translate("it", "error.notFound"));
    for (const lang of ["en", "fr", "de-DE,fr;q=0.5", ""]) {
      const res = await api.get("/api/nothing", { headers: { "Accept-Language": lang } });
      assert.equal(res.body.message, translate("en", "error.notFound"), lang);
    }
  });

  test("validation messages are translated too", async () => {
    const res = await api.post(
      "/api/public/user/register",
      { ...registration(), userCode: "x" },
      { token: publicToken, headers: { "Accept-Language": "it" } },
    );
    assertErrorBody(res, 400, "Bad Request", "/api/public/user/register", translate("it", "error.validation", { count: 1 }));
    assert.deepEqual(res.body.errors, [{ field: "userCode", defaultMessage: translate("it", "field.userCode") }]);
  });

  test("405 messages are translated", async () => {
    const res = await api.delete("/api/public/user/register", { headers: { "Accept-Language": "it" } });
    assertErrorBody(res, 405, "Method Not Allowed", "/api/public/user/register", translate("it", "error.methodNotAllowed"));
  });
});

describe("OpenAPI document", () => {
  let doc: any;
  let text: string;
  before(async () => {
    const res = await api.get("/api/public/openapi.json");
    assert.equal(res.status, 200, res.text);
    assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
    doc = res.body;
    text = res.text;
  });

  test("is OpenAPI 3.1 with info, paths and components", () => {
    assert.match(doc.openapi, /^3\.1\.\d+$/);
    assert.equal(typeof doc.info.title, "string");
    assert.equal(typeof doc.info.version, "string");
    assert.equal(typeof doc.paths, "object");
    for (const name of ["ErrorBody", "ValidationErrorBody", "OAuthError", "TokenResponse"]) assert.ok(doc.components.schemas[name], name);
    for (const name of ["BadRequest", "Unauthorized", "Forbidden", "NotFound", "Conflict", "TooManyRequests"])
      assert.ok(doc.components.responses[name], name);
    assert.deepEqual(Object.keys(doc.components.securitySchemes).sort(), ["apiKey", "clientCredentials", "privateToken", "publicToken"]);
  });

  test("needs no token, and ignores a bad one", async () => {
    const res = await api.get("/api/public/openapi.json", { token: "garbage" });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.text, text, "the same cached document");
  });

  test("describes register: public security, JSON body with the wire date, 201, 400 and 401", () => {
    const op = doc.paths["/api/public/user/register"]?.post;
    assert.ok(op, "POST /api/public/user/register");
    assert.deepEqual(op.security, [{ publicToken: [] }, { privateToken: [] }]);
    const schema = op.requestBody.content["application/json"].schema;
    assert.ok(schema.required.includes("userCode"));
    assert.ok(!schema.required.includes("activationUrl"));
    assert.equal(schema.properties.birthDate.format, "dd/MM/yyyy");
    assert.ok(op.responses["201"]);
    assert.equal(op.responses["400"].$ref, "#/components/responses/BadRequest");
    assert.equal(op.responses["401"].$ref, "#/components/responses/Unauthorized");
    // 403 only while the registration policy is "closed" (issue 25): an error body, not access_denied
    assert.equal(op.responses["403"].$ref, "#/components/responses/Forbidden");
    // a public operation answers 403 only to an API key outside its scopes (insufficient_scope)
    const item = doc.paths["/api/public/vod/{vodId}"]?.get;
    assert.deepEqual(item.security, [{ publicToken: [] }, { privateToken: [] }, { apiKey: ["vod:read"] }]);
    assert.equal(item.responses["403"].$ref, "#/components/responses/Forbidden");
    assert.equal(doc.paths["/api/public/openapi.json"].get.responses["403"], undefined, "no token, no 403");
  });

  test("private operations need a private token and document 403", () => {
    const op = doc.paths["/api/user/me"]?.get;
    assert.ok(op, "GET /api/user/me");
    assert.deepEqual(op.security, [{ privateToken: [] }]);
    assert.ok(op.responses["403"]);
  });

  test("describes POST /oauth/token with its three grants", () => {
    const op = doc.paths["/oauth/token"]?.post;
    assert.ok(op);
    const variants = op.requestBody.content["application/x-www-form-urlencoded"].schema.oneOf;
    assert.deepEqual(
      variants.map((v: any) => v.properties.grant_type.const),
      ["client_credentials", "password", "refresh_token"],
    );
    assert.deepEqual(op.security, [{ clientCredentials: [] }]);
  });

  test("the document itself is served without a token", () => {
    assert.deepEqual(doc.paths["/api/public/openapi.json"]?.get?.security, []);
  });

  test("every operation is complete and every $ref resolves", () => {
    const ids = new Set<string>();
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries<any>(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        assert.ok(["get", "post", "delete"].includes(method), where);
        assert.ok(op.operationId && !ids.has(op.operationId), `${where}: unique operationId`);
        ids.add(op.operationId);
        assert.ok(op.summary, `${where}: summary`);
        assert.ok(Array.isArray(op.security), `${where}: security`);
        assert.ok(
          Object.keys(op.responses).some((s) => /^2\d\d$/.test(s) || s === "302"),
          `${where}: a success response (or the redirect of an IPTV stream URL)`,
        );
        const pathParams = (op.parameters ?? []).filter((p: any) => p.in === "path").map((p: any) => p.name);
        assert.deepEqual(pathParams, params, `${where}: path parameters`);
      }
    }
    const refs = [...text.matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    assert.ok(refs.length > 0);
    for (const ref of refs) {
      assert.match(ref, /^#\/components\/(schemas|responses|parameters)\//, ref);
      const [, , kind, name] = ref.split("/");
      assert.ok(doc.components[kind!][decodeURIComponent(name!)], `unresolved ${ref}`);
    }
  });
});

describe("API reference page", () => {
  test("/docs/api loads the self-hosted viewer over the served document, and lists every operation without scripts", async () => {
    const res = await fetch(`${api.url}/docs/api`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /text\/html/);
    // Redoc injects its styles: this page alone takes <style> without the nonce
    assert.match(res.headers.get("content-security-policy") ?? "", /style-src 'self' 'unsafe-inline'/);
    const html = await res.text();
    for (const needle of [
      "/api/public/user/register",
      "/api/user/me",
      "/oauth/token",
      "/api/public/openapi.json",
      "private access token",
      "Register a user",
    ])
      assert.ok(html.includes(needle), `page mentions ${needle}`);
    const doc = await (await fetch(`${api.url}/api/public/openapi.json`)).json();
    const operations = Object.values(doc.paths as Record<string, Record<string, unknown>>).flatMap((item) => Object.keys(item));
    assert.equal((html.match(/<li><code>(GET|POST|DELETE)/g) ?? []).length, operations.length, "one line per operation");
    const viewer = /\/docs\/api\/viewer\.js\?v=[\d.]+/.exec(html)?.[0];
    assert.ok(viewer, "the viewer's script URL");
    const script = await fetch(`${api.url}${viewer}`);
    assert.equal(script.status, 200);
    assert.match(script.headers.get("content-type") ?? "", /javascript/);
    assert.match(script.headers.get("cache-control") ?? "", /immutable/);
    const code = await script.text();
    assert.ok(code.includes("Redoc"), "Redoc's bundle");
    assert.ok(!code.includes("https://cdn.redoc.ly"), "nothing loaded from Redocly's servers");
  });

  test("every operation has a request example (with a body) and a response example; POSTs take an Idempotency-Key; keys name their scope", async () => {
    const doc = await (await fetch(`${api.url}/api/public/openapi.json`)).json();
    let count = 0;
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>))
      for (const [method, op] of Object.entries(item)) {
        count++;
        for (const media of Object.values(op.requestBody?.content ?? {}) as any[])
          assert.notEqual(media.example ?? null, null, `${method} ${path}: request example`);
        // a success, or the redirect of an IPTV stream URL
        const success = Object.entries(op.responses as Record<string, any>).find(([status]) => /^[23]/.test(status))![1];
        for (const media of Object.values(success.content ?? {}) as any[])
          assert.notEqual(media.example ?? null, null, `${method} ${path}: response example`);
        if (path.startsWith("/api/")) {
          assert.ok(op.responses["429"], `${method} ${path}: 429`);
          if (success.content)
            assert.ok(success.headers?.RateLimit && success.headers["RateLimit-Policy"], `${method} ${path}: RateLimit headers`);
        }
        if (method === "post" && path !== "/oauth/token")
          assert.ok(
            op.parameters?.some((p: any) => p.$ref === "#/components/parameters/IdempotencyKey"),
            `${method} ${path}: Idempotency-Key`,
          );
      }
    assert.ok(count > 150, `${count} operations`);
    assert.deepEqual(doc.paths["/api/search/box/contents"].post.security, [{ privateToken: [] }, { apiKey: ["box:read"] }]);
    assert.deepEqual(doc.paths["/api/box/{boxId}"].delete.security, [{ privateToken: [] }, { apiKey: ["box:write"] }]);
    assert.deepEqual(doc.paths["/api/user/me"].get.security, [{ privateToken: [] }], "an account operation takes no key");
    assert.equal(doc.paths["/api/public/user/register"].post.requestBody.content["application/json"].example.userCode, "mrossi");
    assert.equal(doc.components.securitySchemes.apiKey.scheme, "bearer");
  });
});
