import type { Readable } from "node:stream";
import { DomainError } from "@/server/core/errors";
import { bodyLimitOf, formatBytes } from "@/server/http/body-limits.mjs";
import { rawRequestBody } from "@/server/http/raw-request.mjs";

/** The cap of a body whose path the table leaves to the route (an upload's): never read whole by these readers. */
const FALLBACK_CAP = 1 << 20;

/** The request path's cap (http/body-limits.mjs, the table the launcher checks Content-Length against). */
export const bodyCapOf = (request: Request): number => bodyLimitOf(new URL(request.url).pathname) ?? FALLBACK_CAP;

const tooLarge = (cap: number) => new DomainError("PAYLOAD_TOO_LARGE", "error.bodyTooLarge", { max: formatBytes(cap) });

/**
 * Reads a JSON body the way real clients send it (supplement §3): absent, `{}`, `"{ }"` (a JSON
 * string holding an object) or an object. Anything else is a 400.
 */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  if (request.method === "GET" || request.method === "DELETE") return {};
  return parseJsonBody(await readText(request));
}

/** `text` as readJsonBody reads a body: empty is {}, a JSON string holding an object is that object; else a 400. */
export function parseJsonBody(text: string): Record<string, unknown> {
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
 * The body's bytes as sent (what a signature is computed over), refused (413) past the path's cap
 * (http/body-limits.mjs) before it is all in memory: at once when Content-Length announces more, else
 * as soon as the bytes read pass it. Read from the Node request when the launcher passed it
 * (http/raw-request.mjs): a small JSON body then costs one chunk instead of a trip through undici's
 * web streams, a measurable share of a hot route's CPU (docs/perf.md, vod play).
 */
export async function readBodyBytes(request: Request, cap: number = bodyCapOf(request)): Promise<Buffer> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > cap) throw tooLarge(cap);
  const raw = rawRequestBody(request);
  if (raw) return readNodeBody(raw, cap);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel().catch(() => {});
      throw tooLarge(cap);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** A Node request body, refused past `cap` (413; the rest is not read: the connection closes after the answer) or when the client goes away mid-body (400). */
function readNodeBody(req: Readable & { complete?: boolean }, cap: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => req.off("data", onData).off("end", onEnd).off("error", onBroken).off("close", onClose);
    const fail = (err: DomainError) => {
      stop();
      req.pause();
      reject(err);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) return fail(tooLarge(cap));
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    };
    const onBroken = () => fail(new DomainError("BAD_REQUEST", "error.badRequest"));
    const onClose = () => !req.complete && fail(new DomainError("BAD_REQUEST", "error.badRequest"));
    req.on("data", onData).on("end", onEnd).on("error", onBroken).on("close", onClose);
  });
}

/**
 * A copy of `request` whose body is its bytes read under the path's cap (413 past it), for handlers
 * of libraries that read the body themselves with no cap (tRPC's fetch adapter, next-auth).
 */
export async function cappedRequest(request: Request): Promise<Request> {
  if (request.method === "GET" || request.method === "HEAD") return request;
  const body = await readBodyBytes(request);
  return new Request(request.url, { method: request.method, headers: request.headers, body: new Uint8Array(body), signal: request.signal });
}
