// Helpers shared by the box-*.test.ts contract tests (not a test file itself).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, type Dirent } from "node:fs";
import http from "node:http";
import path from "node:path";
import sharp from "sharp";
import type { Api, ApiResponse } from "../support/api";
import { sleep } from "./users-fixtures";

export { sleep };

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const today = () => {
  const d = new Date();
  return `${String(d.getUTCDate()).padStart(2, "0")}/${String(d.getUTCMonth() + 1).padStart(2, "0")}/${d.getUTCFullYear()}`;
};

export type Fields = Record<string, string | string[]>;
export interface FilePart {
  name?: string;
  filename: string;
  contentType?: string;
  data: Buffer;
}

/** A multipart/form-data body: fields then the file, or the file first (`fileFirst`). */
export function multipartBody(fields: Fields, file?: FilePart, o: { fileFirst?: boolean } = {}): { body: Buffer; contentType: string } {
  const boundary = `----kinora${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  const fieldParts = Object.entries(fields).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`, "utf8"),
    ),
  );
  const filePart = file
    ? [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? "file"}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? "video/mp4"}\r\n\r\n`,
          "utf8",
        ),
        file.data,
        Buffer.from("\r\n"),
      ]
    : [];
  if (o.fileFirst) parts.push(...filePart, ...fieldParts);
  else parts.push(...fieldParts, ...filePart);
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST a multipart body with fetch (Content-Length set). */
export async function postMultipart(
  api: Api,
  urlPath: string,
  token: string | undefined,
  fields: Fields,
  file?: FilePart,
  o: { fileFirst?: boolean; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  const { body, contentType } = multipartBody(fields, file, o);
  const res = await fetch(api.url + urlPath, {
    method: "POST",
    headers: {
      Accept: "application/json",
      "Content-Type": contentType,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...o.headers,
    },
    body: new Uint8Array(body),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed as never, text };
}

/** Uploads a media file from disk as the box upload. */
export function uploadFile(
  api: Api,
  token: string,
  file: string,
  fields: Fields = {},
  o: { fileFirst?: boolean; headers?: Record<string, string> } = {},
) {
  return postMultipart(
    api,
    "/api/box",
    token,
    { title: path.basename(file), ...fields },
    { filename: path.basename(file), contentType: file.endsWith(".webm") ? "video/webm" : "video/mp4", data: readFileSync(file) },
    o,
  );
}

export interface StreamedUpload {
  /** Resolves with the response (or the socket error that ended the request). */
  done: Promise<{ status?: number; body?: any; error?: Error }>;
  /** Writes raw bytes of the body; false when the socket's buffer is full. */
  write(chunk: Buffer): Promise<void>;
  end(chunk?: Buffer): void;
  /** Cuts the connection mid-body (an interrupted upload). */
  abort(): void;
}

/**
 * A box upload whose body the test writes piece by piece over a raw HTTP request: `head` (the fields
 * and the file part's header), then the file's bytes, then `tail`. Content-Length is exact when
 * `fileBytes` is given, `contentLength` when given (a lie, for the 413 case), else the body is chunked.
 */
export function streamUpload(
  baseUrl: string,
  token: string,
  o: { fields?: Fields; fileBytes?: number; contentLength?: number; headers?: Record<string, string>; urlPath?: string } = {},
) {
  const boundary = `----kinora${randomBytes(8).toString("hex")}`;
  const head = Buffer.concat([
    ...Object.entries(o.fields ?? { title: "Upload" }).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((v) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`),
      ),
    ),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`),
  ]);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = o.fileBytes !== undefined ? head.length + o.fileBytes + tail.length : o.contentLength;
  const u = new URL(baseUrl);
  const req = http.request({
    host: u.hostname,
    port: u.port,
    path: o.urlPath ?? "/api/box",
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: "application/json",
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
      ...(length !== undefined ? { "Content-Length": String(length) } : { "Transfer-Encoding": "chunked" }),
      ...o.headers,
    },
  });
  const done = new Promise<{ status?: number; body?: any; error?: Error }>((resolve) => {
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode, body: text ? safeJson(text) : undefined }));
      res.on("error", () => resolve({ status: res.statusCode, body: text ? safeJson(text) : undefined }));
    });
    req.on("error", (error) => resolve({ error }));
  });
  const upload: StreamedUpload = {
    done,
    write: (chunk) =>
      new Promise<void>((resolve) => {
        if (req.destroyed) return resolve();
        if (req.write(chunk)) resolve();
        else {
          const go = () => {
            req.off("close", go);
            req.off("drain", go);
            resolve();
          };
          req.once("drain", go);
          req.once("close", go);
        }
      }),
    end: (chunk) => req.end(chunk),
    abort: () => req.destroy(),
  };
  return { upload, head, tail };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Polls an item until `until` holds (or fails with its last state after `timeoutMs`). */
export async function waitForItem(
  api: Api,
  token: string,
  boxId: string,
  until: (item: any) => boolean,
  timeoutMs = 120_000,
): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  let last: ApiResponse | undefined;
  while (Date.now() < deadline) {
    last = await api.get(`/api/box/${boxId}`, { token });
    assert.equal(last.status, 200, last.text);
    if (until(last.body)) return last.body;
    await sleep(500);
  }
  assert.fail(`box item ${boxId} did not reach the expected state in ${timeoutMs} ms: ${last?.text}`);
}

export const isFinal = (item: { status: string }) => item.status === "READY" || item.status === "FAILED";

/** POST /api/thumbnail of a plain PNG of this size, expecting 201; the response. */
export async function postPngThumbnail(api: Api, token: string, width = 320, height = 180): Promise<ApiResponse> {
  const data = await sharp({ create: { width, height, channels: 3, background: "#246" } })
    .png()
    .toBuffer();
  const res = await postMultipart(
    api,
    "/api/thumbnail",
    token,
    {},
    { name: "thumbnail", filename: "t.png", contentType: "image/png", data },
  );
  assert.equal(res.status, 201, res.text);
  return res;
}

/**
 * Every file under DATA_DIR/storage (relative paths), optionally only under a sub-path. A directory
 * removed while it is read (a job deleting an item's files) counts as empty.
 */
export function storageFiles(dataDir: string, under = ""): string[] {
  const root = path.join(dataDir, "storage");
  const out: string[] = [];
  const walk = (rel: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(path.join(root, rel), { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
      throw err;
    }
    for (const entry of entries) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else out.push(child);
    }
  };
  walk(under);
  return out.sort();
}

/** Files of one box item (any owner). */
export function itemFiles(dataDir: string, boxId: string): string[] {
  return storageFiles(dataDir, "box").filter((f) => f.split("/")[2] === boxId);
}

/** Uploads in flight or left over: the temporary areas of the storage. */
export function pendingUploadFiles(dataDir: string): string[] {
  return [...storageFiles(dataDir, "tmp/uploads"), ...storageFiles(dataDir, ".tmp")];
}

// The tus protocol at /uploads/box (the portal's resumable upload), with bearer tokens.
export const TUS = { "Tus-Resumable": "1.0.0" };

/** Upload-Metadata: `key base64(value)` pairs. */
export const tusMetadata = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v, "utf8").toString("base64")}`)
    .join(",");

export function tusCreate(base: string, token: string | undefined, length: number, meta: Record<string, string>): Promise<Response> {
  return fetch(`${base}/uploads/box`, {
    method: "POST",
    headers: {
      ...TUS,
      "Upload-Length": String(length),
      "Upload-Metadata": tusMetadata(meta),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
}

export const tusPatchHeaders = (token: string, offset: number) => ({
  ...TUS,
  Authorization: `Bearer ${token}`,
  "Upload-Offset": String(offset),
  "Content-Type": "application/offset+octet-stream",
});

export function tusPatch(base: string, location: string, token: string, offset: number, body: Buffer): Promise<Response> {
  return fetch(new URL(location, base), { method: "PATCH", headers: tusPatchHeaders(token, offset), body: new Uint8Array(body) });
}

export const tusHead = (base: string, location: string, token: string) =>
  fetch(new URL(location, base), { method: "HEAD", headers: { ...TUS, Authorization: `Bearer ${token}` } });
