import type { Readable } from "node:stream";
import { DomainError } from "@/server/domain/errors";
import { rawRequestBody } from "@/server/http/raw-request.mjs";

const MAX_JSON_BYTES = 1 << 20;

/**
 * Reads a JSON body the way real clients send it (supplement §3): absent, `{}`, `"{ }"` (a JSON
 * string holding an object) or an object. Anything else is a 400.
 */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  if (request.method === "GET" || request.method === "DELETE") return {};
  const text = await readText(request);
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
    if (typeof value === "string") value = value.trim() ? JSON.parse(value) : {};
  } catch {
    throw new DomainError("BAD_REQUEST", "error.badRequest");
  }
  if (value === null) return {};
  if (typeof value !== "object") throw new DomainError("BAD_REQUEST", "error.badRequest");
  return value as Record<string, unknown>;
}

async function readText(request: Request): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(request)); // drops a BOM, as request.text() does
}

/**
 * The body's bytes as sent (what a signature is computed over), refused past MAX_JSON_BYTES before
 * it is all in memory (also without a Content-Length). Read from the Node request when the launcher
 * passed it (http/raw-request.mjs): a small JSON body then costs one chunk instead of a trip through
 * undici's web streams, a measurable share of a hot route's CPU (docs/perf.md, vod play).
 */
export async function readBodyBytes(request: Request): Promise<Buffer> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_JSON_BYTES) throw new DomainError("BAD_REQUEST", "error.badRequest");
  const raw = rawRequestBody(request);
  if (raw) return readNodeBody(raw);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_JSON_BYTES) {
      await reader.cancel().catch(() => {});
      throw new DomainError("BAD_REQUEST", "error.badRequest");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** A Node request body, refused past MAX_JSON_BYTES (the rest is not read: the connection closes after the answer) or when the client goes away mid-body. */
function readNodeBody(req: Readable & { complete?: boolean }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => req.off("data", onData).off("end", onEnd).off("error", onBroken).off("close", onClose);
    const fail = () => {
      stop();
      req.pause();
      reject(new DomainError("BAD_REQUEST", "error.badRequest"));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_JSON_BYTES) return fail();
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    };
    const onBroken = () => fail();
    const onClose = () => !req.complete && fail();
    req.on("data", onData).on("end", onEnd).on("error", onBroken).on("close", onClose);
  });
}
