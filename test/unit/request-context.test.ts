// The process's one async context (src/server/http/request-context.mjs): a request's context carries
// its Node request (withRawRequest) and what the app notes; a job's or a background loop's context
// (withLogContext) stands apart from any request; a request served without a context (telemetry off)
// still hands its Node request on. One AsyncLocalStorage holds all of them.
import assert from "node:assert/strict";
import type { IncomingMessage } from "node:http";
import { test } from "node:test";
import { currentRequest, noteRequest, runInRequest, type RequestContext } from "@/server/http/request-context.mjs";
import { rawRequestBody, withRawRequest } from "@/server/http/raw-request.mjs";
import { logContext, withLogContext } from "@/server/log/logger.mjs";

const nodeRequest = (method: string) =>
  ({ method, readableDidRead: false, readableEnded: false, destroyed: false, listenerCount: () => 0 }) as unknown as IncomingMessage;
const webRequest = (method: string) => new Request("http://127.0.0.1/x", { method, ...(method === "GET" ? {} : { body: "b" }) });

test("a request's context carries its Node request and its notes; a job inside it has a context of its own", async () => {
  const req = nodeRequest("POST");
  const context: RequestContext = { id: "req-1", method: "POST", path: "/api/box", startedAt: 0 };
  await runInRequest(context, () =>
    withRawRequest(req, async () => {
      await Promise.resolve();
      assert.equal(currentRequest(), context);
      assert.equal(rawRequestBody(webRequest("POST")), req);
      assert.equal(rawRequestBody(webRequest("PUT")), undefined, "another method: not this request's body");
      noteRequest({ route: "/api/box", userCode: "u1" });
      assert.deepEqual([context.route, context.userCode], ["/api/box", "u1"]);
      assert.equal(logContext(), undefined);
      await withLogContext({ jobId: "j1" }, async () => {
        await Promise.resolve();
        assert.deepEqual(logContext(), { jobId: "j1" });
        assert.equal(currentRequest(), undefined, "a job is not the request that woke it");
        assert.equal(rawRequestBody(webRequest("POST")), undefined);
        noteRequest({ route: "/elsewhere" });
      });
      assert.equal(context.route, "/api/box", "a job's notes reach no request");
      assert.equal(currentRequest(), context);
    }),
  );
  assert.equal(currentRequest(), undefined);
});

test("without a request context (telemetry off) the Node request is still handed on, and no request is current", async () => {
  const req = nodeRequest("POST");
  await withRawRequest(req, async () => {
    await new Promise((r) => setImmediate(r));
    assert.equal(rawRequestBody(webRequest("POST")), req);
    assert.equal(currentRequest(), undefined);
    noteRequest({ route: "/nowhere" }); // nothing to note on: no failure
  });
  assert.equal(rawRequestBody(webRequest("POST")), undefined);
});
