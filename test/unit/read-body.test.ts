// The JSON body reader: what real clients send (supplement §3) and what is a 400.
import assert from "node:assert/strict";
import { test } from "node:test";
import { DomainError } from "@/server/core/errors";
import { readJsonBody } from "@/server/rest/read-body";

const post = (body?: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) =>
  new Request("http://x/api/y", { method: "POST", body, headers: { "Content-Type": "application/json", ...headers } });

async function rejects400(req: Request) {
  await assert.rejects(readJsonBody(req), (err: unknown) => err instanceof DomainError && err.code === "BAD_REQUEST");
}

test('no body, whitespace, {}, null and the JSON string "{ }" are an empty object', async () => {
  for (const body of [undefined, "", "  \n", "{}", "null", '"{ }"', '"{}"', '""', '" "']) {
    assert.deepEqual(await readJsonBody(post(body)), {}, JSON.stringify(body));
  }
});

test("an object, also inside a JSON string", async () => {
  assert.deepEqual(await readJsonBody(post('{"a":1,"b":"x"}')), { a: 1, b: "x" });
  assert.deepEqual(await readJsonBody(post(JSON.stringify(JSON.stringify({ a: 1 })))), { a: 1 });
});

test("a bare array is kept for the routes that take one", async () => {
  assert.deepEqual(await readJsonBody(post("[1,2]")), [1, 2]);
});

test("malformed JSON, scalars and strings that hold no JSON object are a 400", async () => {
  for (const body of ["{", "{a:1}", "tru", "42", "true", '"hello"', '"[1"']) await rejects400(post(body));
});

async function rejects413(req: Request) {
  await assert.rejects(readJsonBody(req), (err: unknown) => err instanceof DomainError && err.code === "PAYLOAD_TOO_LARGE");
}

test("a body over the path's cap (1 MiB for /api) is a 413, with or without a Content-Length", async () => {
  const big = `{"a":"${"x".repeat(1 << 20)}"}`;
  await rejects413(post(big));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(big));
      controller.close();
    },
  });
  await rejects413(new Request("http://x/api/y", { method: "POST", body: stream, duplex: "half" } as RequestInit));
});

test("GET and DELETE bodies are not read", async () => {
  assert.deepEqual(await readJsonBody(new Request("http://x/api/y", { method: "GET" })), {});
  assert.deepEqual(await readJsonBody(new Request("http://x/api/y", { method: "DELETE", body: "{" })), {});
});

test("a UTF-8 body keeps its characters", async () => {
  assert.deepEqual(await readJsonBody(post(new TextEncoder().encode('{"t":"Città ☕"}'))), { t: "Città ☕" });
  assert.deepEqual(await readJsonBody(post(new TextEncoder().encode('\uFEFF{"t":1}'))), { t: 1 }, "a byte order mark is dropped");
});
