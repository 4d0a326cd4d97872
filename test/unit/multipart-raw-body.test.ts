// The multipart reader over a real HTTP request, as Next hands it to a route handler (a web Request
// whose body is the Node request): under the launcher's withRawRequest the Node stream itself is read
// (the web body stays untouched), elsewhere the web body; both give the same parts, and a client that
// goes away mid-file fails the file part with the client's 400 on either path.
import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import http, { type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { DomainError } from "@/server/core/errors";
import type { UploadPart } from "@/server/domain/box/upload-parts";
import { rawRequestBody, withRawRequest } from "@/server/http/raw-request.mjs";
import { multipartParts } from "@/server/rest/multipart";

const BOUNDARY = "----kinora-test-boundary";
const MiB = 1024 * 1024;

interface Parsed {
  fields: Record<string, string>;
  file?: { name: string; bytes: number; sha256: string };
  error?: unknown;
  /** Whether the web body was read (false: the Node stream was). */
  webBodyUsed: boolean;
}

/** The web Request Next builds for a route handler: the Node request as its body. */
const webRequestOf = (req: IncomingMessage) =>
  new Request(`http://127.0.0.1${req.url}`, {
    method: req.method,
    headers: req.headers as Record<string, string>,
    body: req as unknown as ReadableStream,
    duplex: "half",
  } as RequestInit);

async function parse(request: Request): Promise<Parsed> {
  const out: Parsed = { fields: {}, webBodyUsed: false };
  try {
    for await (const part of multipartParts(request) as AsyncIterable<UploadPart>) {
      if (part.kind === "field") out.fields[part.name] = part.value;
      else {
        const hash = createHash("sha256");
        let bytes = 0;
        for await (const chunk of part.stream) {
          hash.update(chunk as Buffer);
          bytes += (chunk as Buffer).length;
        }
        out.file = { name: part.filename, bytes, sha256: hash.digest("hex") };
      }
    }
  } catch (err) {
    out.error = err;
  }
  out.webBodyUsed = request.bodyUsed;
  return out;
}

let server: http.Server;
let port: number;
const results = new Map<string, Promise<Parsed>>();

before(async () => {
  server = http.createServer((req, res) => {
    const raw = req.url!.startsWith("/raw");
    const parsed = raw ? withRawRequest(req, () => parse(webRequestOf(req))) : parse(webRequestOf(req));
    results.set(req.url!, parsed);
    void parsed.then(() => res.end("{}"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The multipart framing around the file's bytes: a title field, the file part's headers, the closing boundary. */
function framing(): { head: Buffer; tail: Buffer } {
  return {
    head: Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nA title\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    ),
    tail: Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  };
}

/** POSTs the body; with `cutAfter`, sends that many bytes of the file and then destroys the connection. */
async function send(url: string, file: Buffer, cutAfter?: number): Promise<Parsed> {
  const { head, tail } = framing();
  const req = http.request({
    host: "127.0.0.1",
    port,
    path: url,
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`, "Content-Length": head.length + file.length + tail.length },
  });
  req.on("error", () => undefined);
  const answered = new Promise<void>((resolve) => req.on("response", (res) => res.resume().on("end", resolve)));
  req.write(head);
  if (cutAfter === undefined) {
    req.end(Buffer.concat([file, tail]));
    await answered;
  } else {
    await new Promise<void>((resolve) => req.write(file.subarray(0, cutAfter), () => resolve()));
    await new Promise((r) => setTimeout(r, 100));
    req.destroy();
  }
  for (let i = 0; i < 100 && !results.has(url); i++) await new Promise((r) => setTimeout(r, 20));
  return results.get(url)!;
}

const file = randomBytes(8 * MiB + 123);
const sha = createHash("sha256").update(file).digest("hex");

test("under withRawRequest the Node stream is read and the web body is never touched", async () => {
  const parsed = await send("/raw/whole", file);
  assert.equal(parsed.error, undefined);
  assert.deepEqual(parsed.fields, { title: "A title" });
  assert.deepEqual(parsed.file, { name: "clip.mp4", bytes: file.length, sha256: sha });
  assert.equal(parsed.webBodyUsed, false, "the web body stays unread");
});

test("without it the web body is read, with the same parts", async () => {
  const parsed = await send("/web/whole", file);
  assert.equal(parsed.error, undefined);
  assert.deepEqual(parsed.fields, { title: "A title" });
  assert.deepEqual(parsed.file, { name: "clip.mp4", bytes: file.length, sha256: sha });
  assert.equal(parsed.webBodyUsed, true);
});

test("a client gone mid-file fails the part with the client's 400, on both paths", async () => {
  for (const url of ["/raw/cut", "/web/cut"]) {
    const parsed = await send(url, file, 3 * MiB);
    assert.ok(parsed.error instanceof DomainError, `${url}: ${String(parsed.error)}`);
    assert.equal(parsed.error.code, "BAD_REQUEST", url);
    assert.equal(parsed.file, undefined, `${url}: no complete file`);
  }
});

test("rawRequestBody: only inside withRawRequest, for the same method, while nothing has read the body", async () => {
  const seen = new Promise<Record<string, boolean>>((resolve) => {
    const probe = http.createServer((req, res) => {
      const request = webRequestOf(req);
      const outside = rawRequestBody(request) === undefined;
      withRawRequest(req, () => {
        const inside = rawRequestBody(request) === req;
        const otherMethod = rawRequestBody(new Request("http://x/", { method: "PUT" })) === undefined;
        req.on("data", () => undefined); // someone else reads it now
        const afterData = rawRequestBody(request) === undefined;
        resolve({ outside, inside, otherMethod, afterData });
      });
      req.on("end", () => res.end());
    });
    probe.listen(0, "127.0.0.1", () => {
      const { port: p } = probe.address() as AddressInfo;
      const req = http.request({ host: "127.0.0.1", port: p, method: "POST", path: "/" }, (res) => {
        res.resume();
        probe.close();
      });
      req.end("x");
    });
  });
  assert.deepEqual(await seen, { outside: true, inside: true, otherMethod: true, afterData: true });
});
