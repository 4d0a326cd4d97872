// The Node media server: serves signed /media URLs when nginx is absent (or NGINX=0), and behind
// nginx when storage is S3 (nginx cannot read the bucket). The launcher (scripts/start.mjs) calls it
// before Next, on its raw http server, so no framework sits on the path. Same checks, status codes
// and headers as the nginx edge (nginx.mjs, media-auth.js); the contract tests run one matrix
// against both.
//
// Why plain JS and not the TypeScript storage module: the launcher is plain ESM run by `node`
// without a build step of its own, and a media request must not wait for Next's bundle. The
// signature code is shared with the TypeScript signer (media-url.mjs); what is repeated here is
// small: the local path of a key (key = path under the storage root) and the S3 client options.
import { close, createReadStream, fstat, open } from "node:fs";
import { promisify } from "node:util";
import path from "node:path";
import { Readable, pipeline } from "node:stream";
import { metrics } from "../../metrics/registry.mjs";
import { MEDIA_SECRET_PATTERN, cacheControlFor, contentTypeFor, deriveMediaKey, verifyMediaPath } from "./media-url.mjs";
import { logger } from "../../log/logger.mjs";
import { localSecret } from "../../instance-secret.mjs";
import { COUNTED_HEADER, FORWARDED_HEADER, countedSecret } from "./live-layout.mjs";

const openAsync = promisify(open);
const openFd = (file) => openAsync(file, "r");
const fstatFd = promisify(fstat);
const READ_CHUNK = 256 * 1024; // the 64 KiB default reads at about half the speed (PLATFORM-NOTES)

/**
 * The URL-signing key as the application computes it (src/server/media/signed-url.ts): MEDIA_SECRET,
 * else derived from AUTH_SECRET, else from the instance's own secret file, created here when the
 * launcher is the first to need it (src/server/env.ts reads the same file).
 */
export function resolveMediaKey(env, dataDir) {
  if (env.MEDIA_SECRET) {
    if (!MEDIA_SECRET_PATTERN.test(env.MEDIA_SECRET)) throw new Error("MEDIA_SECRET: 32 to 256 characters of A-Z a-z 0-9 _ . ~ + / = -");
    return env.MEDIA_SECRET;
  }
  return deriveMediaKey(env.AUTH_SECRET || localSecret(dataDir));
}

/** S3 options from the environment, as src/server/media/storage/index.ts reads them. */
function s3Options(env) {
  if (!env.S3_BUCKET) throw new Error("STORAGE_DRIVER=s3 needs S3_BUCKET");
  return {
    bucket: env.S3_BUCKET,
    client: {
      region: env.S3_REGION ?? "us-east-1",
      endpoint: env.S3_ENDPOINT || undefined,
      forcePathStyle: ["1", "true", "yes", "on"].includes(String(env.S3_FORCE_PATH_STYLE ?? "").toLowerCase()),
      credentials:
        env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
          : undefined,
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    },
  };
}

const STATUS_TEXT = {
  400: "Bad Request",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  416: "Range Not Satisfiable",
  500: "Internal Server Error",
  502: "Bad Gateway",
};

export function refuse(res, status, extra = {}) {
  const body = `${STATUS_TEXT[status] ?? "Error"}\n`;
  res.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    ...extra,
  });
  res.end(body);
}

/**
 * One byte range of a Range header: {start, end} (inclusive), "unsatisfiable", or null to send the
 * whole file (no header, several ranges, or a header we do not understand, as RFC 9110 allows).
 */
export function parseRange(header, size) {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== "" && Number(m[2]) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

/**
 * Creates the handler: `(req, res) => void` for requests whose path classifyRequestPath() called
 * "media". `log` (a MediaLogWriter) receives the body bytes of every 200/206 response.
 */
export function createMediaHandler({ key, env, storageRoot, log }) {
  const s3 = env.STORAGE_DRIVER === "s3" ? s3Options(env) : undefined;
  const counted = countedSecret(key);
  // an edge or caching tier in front counts the bytes (see serveLiveElsewhere, ops/nginx/cache-tier.conf.template)
  const countedInFront = (req) => req.headers[COUNTED_HEADER] === counted;
  let s3Client;
  const getS3 = async () => {
    if (!s3Client) {
      const sdk = await import("@aws-sdk/client-s3");
      s3Client = { sdk, client: new sdk.S3Client(s3.client) };
    }
    return s3Client;
  };

  const meter = (req, res, bandOwnerId, status, length, counted) => {
    if (countedInFront(req)) return; // the edge or tier the viewer reached counts them
    res.once("close", () => {
      // Bytes that reached the socket: all of them when the response finished, else what was
      // handed over minus what was still buffered when the viewer went away.
      const sent = res.writableFinished ? length : Math.max(0, counted() - res.writableLength);
      if (sent > 0) log?.record(bandOwnerId, sent, status);
    });
  };

  const sendStream = (req, res, grant, source, status, length) => {
    if (req.method === "HEAD") {
      source.destroy();
      res.end();
      return;
    }
    let counted = 0;
    source.on("data", (chunk) => (counted += chunk.length));
    meter(req, res, grant.bandOwnerId, status, length, () => counted);
    pipeline(source, res, () => {});
  };

  const headersFor = (grant, extra) => ({
    "Content-Type": contentTypeFor(grant.file),
    "Cache-Control": cacheControlFor(grant.file, grant.tree),
    "Accept-Ranges": "bytes",
    "Access-Control-Allow-Origin": "*",
    "X-Content-Type-Options": "nosniff",
    ...extra,
  });

  async function serveLocal(req, res, grant) {
    // Integer descriptors: a stream over a FileHandle reads through promises, about half as fast.
    let fd;
    try {
      fd = await openFd(path.join(storageRoot, ...grant.storageKey.split("/")));
    } catch (err) {
      if (!["ENOENT", "ENOTDIR", "EISDIR"].includes(err.code)) throw err;
      return grant.tree === "live" ? serveLiveElsewhere(req, res, grant) : refuse(res, 404);
    }
    let stat;
    try {
      stat = await fstatFd(fd);
    } catch (err) {
      close(fd, () => {});
      throw err;
    }
    const done = () => close(fd, () => {});
    if (!stat.isFile()) {
      done();
      return refuse(res, 404);
    }
    const size = stat.size;
    const etag = `"${Math.floor(stat.mtimeMs / 1000).toString(16)}-${size.toString(16)}"`;
    const lastModified = stat.mtime.toUTCString();
    const common = headersFor(grant, { ETag: etag, "Last-Modified": lastModified });
    const inm = req.headers["if-none-match"];
    if (inm && inm.split(",").some((t) => t.trim() === etag || t.trim() === "*")) {
      done();
      res.writeHead(304, common);
      return res.end();
    }
    const ifRange = req.headers["if-range"];
    const range = !ifRange || ifRange === etag || ifRange === lastModified ? parseRange(req.headers.range, size) : null;
    if (range === "unsatisfiable") {
      done();
      return refuse(res, 416, { "Content-Range": `bytes */${size}` });
    }
    const start = range ? range.start : 0;
    const end = range ? range.end : size - 1;
    const length = size === 0 ? 0 : end - start + 1;
    const status = range ? 206 : 200;
    res.writeHead(status, { ...common, "Content-Length": length, ...(range ? { "Content-Range": `bytes ${start}-${end}/${size}` } : {}) });
    if (length === 0) {
      done();
      return res.end();
    }
    sendStream(req, res, grant, createReadStream(null, { fd, start, end, highWaterMark: READ_CHUNK }), status, length);
  }

  /**
   * The Range to ask S3 for: one range as sent, except a suffix range ("bytes=-N"), which some
   * S3-compatible servers read as "bytes=0-N": that one is made explicit from the object's size.
   */
  async function s3Range(header, head) {
    const m = typeof header === "string" ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
    if (!m || (m[1] === "" && m[2] === "") || (m[1] !== "" && m[2] !== "" && Number(m[2]) < Number(m[1]))) return undefined;
    if (m[1] !== "") return `bytes=${m[1]}-${m[2]}`;
    const size = Number((await head()).ContentLength ?? 0);
    const suffix = Number(m[2]);
    return suffix === 0 || size === 0 ? `bytes=${size}-` : `bytes=${Math.max(0, size - suffix)}-${size - 1}`;
  }

  async function serveS3(req, res, grant) {
    const { sdk, client } = await getS3();
    let out;
    try {
      out = await client.send(
        new sdk.GetObjectCommand({
          Bucket: s3.bucket,
          Key: grant.storageKey,
          Range: await s3Range(req.headers.range, () =>
            client.send(new sdk.HeadObjectCommand({ Bucket: s3.bucket, Key: grant.storageKey })),
          ),
          IfNoneMatch: req.headers["if-none-match"],
        }),
      );
    } catch (err) {
      const status = err?.$metadata?.httpStatusCode;
      if (status === 404 || err?.name === "NoSuchKey" || err?.name === "NotFound") return refuse(res, 404);
      if (status === 416) {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket: s3.bucket, Key: grant.storageKey })).catch(() => undefined);
        return refuse(res, 416, head?.ContentLength !== undefined ? { "Content-Range": `bytes */${head.ContentLength}` } : {});
      }
      if (status === 304) {
        res.writeHead(304, headersFor(grant, {}));
        return res.end();
      }
      throw err;
    }
    const status = out.ContentRange ? 206 : 200;
    const length = Number(out.ContentLength ?? 0);
    res.writeHead(
      status,
      headersFor(grant, {
        "Content-Length": length,
        ...(out.ContentRange ? { "Content-Range": out.ContentRange } : {}),
        ...(out.ETag ? { ETag: out.ETag } : {}),
        ...(out.LastModified ? { "Last-Modified": out.LastModified.toUTCString() } : {}),
      }),
    );
    sendStream(req, res, grant, out.Body, status, length);
  }

  /**
   * A live file this disk lacks: the HLS of a publish another ingest node took, fetched from that
   * node's edge (found through the database: src/server/media/live/live-origin.ts, registered on
   * globalThis by src/instrumentation.ts) with the same signed path, and passed on as it comes; this
   * edge counts its bytes, that one does not. A request forwarded so already is not passed further: 404.
   */
  async function serveLiveElsewhere(req, res, grant) {
    const find = globalThis.__kinoraLiveOrigin;
    const origin = find && !req.headers[FORWARDED_HEADER] ? await find(grant) : null;
    if (!origin) return refuse(res, 404);
    const ask = { [COUNTED_HEADER]: counted, [FORWARDED_HEADER]: "1" };
    for (const name of ["range", "if-range", "if-none-match", "x-request-id"]) if (req.headers[name]) ask[name] = req.headers[name];
    const upstream = new AbortController();
    res.once("close", () => upstream.abort());
    let answer;
    try {
      answer = await fetch(origin + req.url, { method: req.method, headers: ask, signal: upstream.signal });
    } catch (err) {
      if (upstream.signal.aborted) return; // the viewer went away
      logger().warn({ err, origin }, "the live origin could not be reached");
      return refuse(res, 502);
    }
    const length = Number(answer.headers.get("content-length") ?? 0);
    const kept = {};
    for (const name of ["content-length", "content-range", "etag", "last-modified"]) {
      const value = answer.headers.get(name);
      if (value !== null) kept[name] = value;
    }
    if (answer.status !== 200 && answer.status !== 206 && answer.status !== 304) {
      await answer.body?.cancel();
      const range = answer.status === 416 && kept["content-range"] ? { "Content-Range": kept["content-range"] } : {};
      return refuse(res, answer.status === 416 ? 416 : 404, range);
    }
    res.writeHead(answer.status, headersFor(grant, kept));
    if (answer.status === 304 || !answer.body) return res.end();
    sendStream(req, res, grant, Readable.fromWeb(answer.body), answer.status, length);
  }

  /**
   * A cast channel's playlists: rendered per request by the application (src/server/media/cast/output,
   * registered on globalThis by src/instrumentation.ts once Next has loaded; 503 until then).
   */
  async function serveCast(req, res, grant) {
    const render = globalThis.__kinoraCastOutput;
    if (!render) return refuse(res, 503, { "Retry-After": "1" });
    const out = await render(grant);
    if (!out) return refuse(res, 404);
    const body = Buffer.from(out.body, "utf8");
    res.writeHead(200, headersFor(grant, { "Content-Length": body.length }));
    if (req.method === "HEAD") return res.end();
    meter(req, res, grant.bandOwnerId, 200, body.length, () => body.length);
    res.end(body);
  }

  return function handleMedia(req, res) {
    if (req.method !== "GET" && req.method !== "HEAD") return refuse(res, 405, { Allow: "GET, HEAD" });
    const grant = verifyMediaPath(key, req.url ?? "");
    if (!grant.ok) {
      metrics().edgeRefusals.inc({ reason: grant.reason });
      return refuse(res, 403);
    }
    // a live channel's HLS is written by the RTMP ingest on this machine's disk, also with S3 storage
    const serve = grant.tree === "cast" ? serveCast : s3 && grant.tree !== "live" ? serveS3 : serveLocal;
    serve(req, res, grant).catch((err) => {
      logger().error({ err }, "media request failed");
      if (!res.headersSent) refuse(res, 500);
      else res.destroy();
    });
  };
}
