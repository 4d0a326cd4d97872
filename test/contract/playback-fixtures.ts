// Shared by the playback contract tests: content uploaded through POST /api/box and played through
// POST /api/box/{boxId}/play, raw HTTP for paths fetch() would normalize, and URLs signed with the
// server's own media key (for cases the API cannot produce: expired, other item, other tree).
import assert from "node:assert/strict";
import http from "node:http";
import { openAsBlob } from "node:fs";
import path from "node:path";
import { Api } from "../support/api";
import { makeH264AacMp4, makeMediaDir } from "../support/media-fixtures";
import type { Kinora } from "../support/server";
import { resolveMediaKey } from "../../src/server/media/edge/media-node.mjs";
import { signedMediaBase, signedMediaFile, type MediaTree } from "../../src/server/media/edge/media-url.mjs";

export const HLS_TYPE = "application/vnd.apple.mpegurl";

let clipPath: string | undefined;
/** An 8-second 640x360 H.264/AAC clip (remuxed at once, then one 360p rung and a preview). */
export function clip(): string {
  clipPath ??= makeH264AacMp4(makeMediaDir("kinora-playback-"), { durationSeconds: 8, width: 640, height: 360, keyframeSeconds: 2 });
  return clipPath;
}

export async function uploadClip(api: Api, token: string, file = clip(), title = "Playback clip"): Promise<any> {
  const form = new FormData();
  form.append("title", title);
  form.append("file", await openAsBlob(file), path.basename(file));
  const res = await fetch(`${api.url}/api/box`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
    body: form,
  });
  const text = await res.text();
  assert.equal(res.status, 201, `upload: ${res.status} ${text}`);
  return JSON.parse(text);
}

/** Plays until the item is playable (409 while nothing is published yet). */
export async function playWhenReady(api: Api, token: string, boxId: string, timeoutMs = 90_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api.post(`/api/box/${boxId}/play`, undefined, { token });
    if (res.status === 200) return res.body;
    assert.equal(res.status, 409, `play: ${res.status} ${res.text}`);
    if (Date.now() > deadline) throw new Error(`not playable in ${timeoutMs} ms: ${res.text}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Waits until the item is READY (the whole ladder, the preview and the poster are published). */
export async function waitReady(api: Api, token: string, boxId: string, timeoutMs = 180_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api.get(`/api/box/${boxId}`, { token });
    assert.equal(res.status, 200, res.text);
    if (res.body.status === "READY") return res.body;
    assert.notEqual(res.body.status, "FAILED", res.text);
    if (Date.now() > deadline) throw new Error(`not READY in ${timeoutMs} ms: ${res.text}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request with the path exactly as given (fetch would resolve dot segments and escapes first). */
export function rawRequest(
  baseUrl: string,
  rawPath: string,
  opts: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const u = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: u.hostname, port: u.port, method: opts.method ?? "GET", path: rawPath, headers: opts.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

export interface SignedParts {
  /** The expiry (unix seconds); `validity` is the segment as it stands (`<exp>`, `<start>-<exp>`, `f<exp>`). */
  exp: number;
  validity: string;
  /** A window's start (unix seconds), when the grant has one. */
  notBefore?: number;
  sig: string;
  tree: MediaTree;
  /** Whose band pays for the bytes. */
  bandOwner: string;
  /** The media home (where the files are): its owner and box item. */
  owner: string;
  box: string;
  file: string;
  /** "/media/<validity>/<sig>/<tree>/<bandOwner>/<owner>/<box>/" */
  basePath: string;
}

export function parseSigned(url: string): SignedParts {
  const m = /^\/media\/(f?(?:\d+-)?\d+)\/([^/]+)\/(hls|preview|poster|live|cast)\/([^/]+)\/([^/]+)\/([^/]+)\/(.+)$/.exec(
    new URL(url).pathname,
  );
  assert.ok(m, `not a signed media URL: ${url}`);
  const [, validity, sig, tree, bandOwner, owner, box, file] = m as unknown as [
    string,
    string,
    string,
    MediaTree,
    string,
    string,
    string,
    string,
  ];
  const times = validity.replace(/^f/, "").split("-").map(Number);
  return {
    exp: times.at(-1)!,
    validity,
    notBefore: times.length > 1 ? times[0] : undefined,
    sig,
    tree,
    bandOwner,
    owner,
    box,
    file,
    basePath: `/media/${validity}/${sig}/${tree}/${bandOwner}/${owner}/${box}/`,
  };
}

/**
 * Signs like the server (its key: MEDIA_SECRET, AUTH_SECRET, or the auth-secret file in its DATA_DIR)
 * the files of `owner`'s item `box`, charged to `bandOwner` (by default the files' owner).
 */
export function signAs(
  server: Kinora,
  tree: MediaTree,
  owner: string,
  box: string,
  expires: number,
  bandOwner = owner,
  notBefore?: number,
): string {
  assert.ok(server.dataDir, "the server's DATA_DIR is needed to sign as it does");
  return signedMediaBase(
    resolveMediaKey(process.env, server.dataDir),
    tree,
    { bandOwnerId: bandOwner, ownerId: owner, boxId: box },
    expires,
    notBefore,
  );
}

/** A file grant as the server signs one (media-url.mjs `f<expires>`: that file only). */
export function signFileAs(server: Kinora, tree: MediaTree, owner: string, box: string, file: string, expires: number): string {
  assert.ok(server.dataDir, "the server's DATA_DIR is needed to sign as it does");
  return signedMediaFile(
    resolveMediaKey(process.env, server.dataDir),
    tree,
    { bandOwnerId: owner, ownerId: owner, boxId: box },
    file,
    expires,
  );
}

/** The URIs of a playlist (lines that are not tags), resolved against the playlist's URL. */
export function playlistUris(playlistUrl: string, text: string): string[] {
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => new URL(l, playlistUrl).toString());
}

export async function fetchOk(url: string, init?: RequestInit): Promise<Response> {
  const res = await fetch(url, init);
  assert.ok(res.status === 200 || res.status === 206, `${url}: ${res.status}`);
  return res;
}

/** master -> first variant playlist -> its segments, by relative resolution; returns every URL and the bytes fetched. */
export async function walkLadder(masterUrl: string): Promise<{ variantUrl: string; segmentUrls: string[]; bytes: number }> {
  const masterText = await (await fetchOk(masterUrl)).text();
  assert.match(masterText, /^#EXTM3U/);
  const variants = playlistUris(masterUrl, masterText);
  assert.ok(variants.length > 0, `no variant in the master playlist:\n${masterText}`);
  const variantUrl = variants[0]!;
  const variantText = await (await fetchOk(variantUrl)).text();
  const segmentUrls = playlistUris(variantUrl, variantText);
  assert.ok(segmentUrls.length > 0, `no segment in ${variantUrl}:\n${variantText}`);
  let bytes = Buffer.byteLength(masterText) + Buffer.byteLength(variantText);
  for (const s of segmentUrls) bytes += (await (await fetchOk(s)).arrayBuffer()).byteLength;
  return { variantUrl, segmentUrls, bytes };
}

const GiB = 1024 ** 3;
/** The band of the Free license new users are on. */
export const FREE_BAND_BYTES = 5 * GiB;
const decimal = (n: number) => {
  const cents = Math.round(n * 100);
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
};

/** The overview's band figures (GB and percent of the Free band, two decimals) after `bytes` of delivery. */
export const bandFigures = (bytes: number) => ({ band: decimal(bytes / GiB), bandPercent: decimal((100 * bytes) / FREE_BAND_BYTES) });

/** The user's band figures as GET /api/user/me/overview shows them. */
export async function readBand(api: Api, token: string): Promise<{ band: string; bandPercent: string }> {
  const res = await api.get("/api/user/me/overview", { token });
  assert.equal(res.status, 200, res.text);
  return { band: res.body.band, bandPercent: res.body.bandPercent };
}

/** Waits (up to 30 s: the band meter runs every 2 s) until the user's band shows `expected`; asserts it does. */
export async function waitBand(api: Api, token: string, expected: { band: string; bandPercent: string }, what: string): Promise<void> {
  let seen: unknown;
  for (let i = 0; i < 60; i++) {
    seen = await readBand(api, token);
    if (JSON.stringify(seen) === JSON.stringify(expected)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  assert.deepEqual(seen, expected, what);
}
