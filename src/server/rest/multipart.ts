import { PassThrough, type Readable } from "node:stream";
import Busboy from "busboy";
import { rawRequestBody } from "@/server/http/raw-request.mjs";
import { DomainError } from "@/server/core/errors";
import type { UploadPart, UploadParts } from "@/server/domain/box/upload-parts";

// A multipart/form-data request body as the domain's UploadParts: busboy parses the body as it
// arrives from the request stream (never buffered whole), parts come out in order, and a file
// part's stream must be read before the next part is parsed (backpressure reaches the socket).
// When the consumer stops early (a refused upload), reading stops and the rest of the body is
// never read. Under the launcher the body is read from the Node request itself (raw-request.mjs):
// the web body would copy every chunk once more on its way through undici.

const CHUNK = 1 << 20; // 1 MiB buffers: fewer, larger writes (measured faster than 64 KiB here)

export interface MultipartLimits {
  /** Text fields at most this long (bytes); longer values are a 400. */
  fieldBytes?: number;
  fields?: number;
  files?: number;
}

const badRequest = () => new DomainError("BAD_REQUEST", "error.badRequest");

/**
 * The boundary parameter of a multipart/form-data Content-Type (RFC 2046 §5.1.1: 1 to 70 characters,
 * plain or quoted), or undefined: `xboundary=abc`, `boundary=` and `boundary="abc` have none.
 */
export function multipartBoundary(contentType: string): string | undefined {
  const [type, ...params] = contentType.split(";");
  if (type?.trim().toLowerCase() !== "multipart/form-data") return undefined;
  for (const param of params) {
    const m = /^\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s"]{1,70}))\s*$/i.exec(param);
    if (m) return m[1] ?? m[2];
  }
  return undefined;
}

/** Throws 400 unless the request is multipart/form-data with a usable boundary. */
export function assertMultipart(request: Request): void {
  if (multipartBoundary(request.headers.get("content-type") ?? "") === undefined)
    throw new DomainError("BAD_REQUEST", "error.multipartExpected");
}

/** The declared body size (Content-Length), when the client sent one. */
export function declaredLength(request: Request): number | undefined {
  const raw = request.headers.get("content-length");
  const n = raw === null ? NaN : Number(raw);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

export function multipartParts(request: Request, limits: MultipartLimits = {}): UploadParts {
  assertMultipart(request);
  const queue: UploadPart[] = [];
  let finished = false;
  let failure: unknown;
  let wakeUp: (() => void) | undefined;
  const wake = () => {
    const w = wakeUp;
    wakeUp = undefined;
    w?.();
  };
  let started = false;
  let stopped = false;

  const bb = newBusboy(request.headers.get("content-type") ?? "", limits);
  bb.on("field", (name, value, info) => {
    if (info.valueTruncated || info.nameTruncated) return fail(badRequest());
    queue.push({ kind: "field", name, value });
    wake();
  });
  bb.on("file", (name, stream, info) => {
    // busboy fails a cut-short part with a plain Error: the consumer sees it as the client's 400
    const part = new PassThrough({ highWaterMark: CHUNK });
    stream.on("error", (err) => part.destroy(err instanceof DomainError ? err : badRequest()));
    stream.pipe(part);
    queue.push({ kind: "file", name, filename: info.filename ?? "", mimeType: info.mimeType ?? "", stream: part });
    wake();
  });
  bb.on("fieldsLimit", () => fail(badRequest()));
  bb.on("partsLimit", () => fail(badRequest()));
  bb.on("filesLimit", () => fail(badRequest()));
  bb.on("close", () => {
    finished = true;
    wake();
  });
  bb.on("error", (err) => fail(err instanceof DomainError ? err : badRequest()));

  function fail(err: unknown): void {
    if (failure === undefined) failure = err;
    // a file part being read fails with it, so a cut-short file is never taken as complete
    bb.destroy(err instanceof Error ? err : badRequest());
    wake();
  }

  const raw = rawRequestBody(request);
  const reader = raw ? undefined : request.body?.getReader();

  /** Feeds busboy from the Node request: pipe keeps the backpressure. */
  function pumpNode(req: Readable & { complete?: boolean }): void {
    // the client went away (or the connection broke) mid-body
    req.once("error", () => fail(badRequest()));
    req.once("close", () => !req.complete && fail(badRequest()));
    req.pipe(bb);
  }

  /** Feeds busboy from the web body (no launcher: next dev). */
  async function pumpWeb(): Promise<void> {
    if (!reader) return void bb.end();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (stopped) return;
        if (done) return void bb.end();
        if (!bb.write(value)) await new Promise<void>((resolve) => bb.once("drain", resolve).once("close", resolve));
      }
    } catch {
      fail(badRequest());
    }
  }

  function stop(): void {
    if (stopped) return;
    stopped = true;
    // the rest of the body is not read (unpipe pauses the Node request)
    if (raw) raw.unpipe(bb);
    else reader?.cancel().catch(() => undefined);
    if (!finished) bb.destroy();
    for (const part of queue.splice(0)) if (part.kind === "file") part.stream.destroy();
  }

  return {
    [Symbol.asyncIterator](): AsyncIterator<UploadPart> {
      if (!started) {
        started = true;
        if (raw) pumpNode(raw);
        else void pumpWeb();
      }
      return {
        async next(): Promise<IteratorResult<UploadPart>> {
          for (;;) {
            if (failure !== undefined) {
              stop();
              throw failure;
            }
            const part = queue.shift();
            if (part) return { done: false, value: part };
            if (finished) return { done: true, value: undefined };
            await new Promise<void>((resolve) => (wakeUp = resolve));
          }
        },
        async return(): Promise<IteratorResult<UploadPart>> {
          stop();
          return { done: true, value: undefined };
        },
      };
    },
  };
}

/** busboy for the checked Content-Type; whatever it still refuses in the header is the client's 400, not a throw. */
function newBusboy(contentType: string, limits: MultipartLimits): Busboy.Busboy {
  try {
    return Busboy({
      headers: { "content-type": contentType },
      highWaterMark: CHUNK,
      fileHwm: CHUNK,
      limits: { fieldSize: limits.fieldBytes ?? 64 * 1024, fields: limits.fields ?? 100, files: limits.files ?? 5, parts: 200 },
    });
  } catch {
    throw new DomainError("BAD_REQUEST", "error.multipartExpected");
  }
}
