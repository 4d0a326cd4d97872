// One contract for every Storage implementation, run against local disk (a temp dir) and against an
// S3-compatible server started here on loopback.
//
// The S3 server is @20minutes/s3rver 4.0.4, run in a child process (so its memory does not blur the
// streaming measurements, and the client talks to it over real HTTP like to any S3). Why it:
// - it is plain Node, installed from npm like the rest (no MinIO binary can be fetched here, Debian
//   has no S3 server package, and Docker/testcontainers are not available);
// - it is the maintained fork of s3rver (releases through 2026, current busboy / fast-xml-parser /
//   koa), where s3rver 3.7.1 (named in PLATFORM-NOTES) was last released in 2021 on busboy 0.3 and
//   fast-xml-parser 3; the 4.x line runs on Node 20 (5.x needs Node 24);
// - it implements what the storage uses: multipart upload, UploadPartCopy, ranges, ListObjectsV2,
//   DeleteObjects. It checks SigV4 signatures too, but 4.0.4 canonicalises bucket-level paths
//   without the trailing slash the SDK signs, so `allowMismatchedSignatures` is on (s3rver 3.7.1
//   does not check SigV4 at all, so nothing is lost against it). It lacks AbortMultipartUpload,
//   which makes the failure tests stricter: the storage must report the body's own error.
import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { after, before, describe, it } from "node:test";
import { LocalStorage } from "@/server/media/storage/local-storage";
import { S3Storage, type S3StorageConfig } from "@/server/media/storage/s3-storage";
import { StorageError, type Storage } from "@/server/media/storage/storage";
import { startS3rver, type S3rver } from "../support/s3rver";

// The AWS SDK warns once per process that its releases after January 2027 need Node 22: noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
const MiB = 1024 * 1024;
const madeDirs: string[] = [];
/** A fresh temp dir, removed when the file's tests end (the large bodies would otherwise pile up). */
const tempDir = (label: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `kinora-${label}-`));
  madeDirs.push(dir);
  return dir;
};
after(() => Promise.all(madeDirs.map((d) => rm(d, { recursive: true, force: true }))));
// Large enough that buffering it would blow the budget below; 1 GiB is the platform's target case.
const STREAM_BYTES = Number(process.env.KINORA_STORAGE_TEST_MB ?? 160) * MiB;
const MEMORY_BUDGET = 100 * MiB;

// ---------------------------------------------------------------------------------------------
// helpers

/** A body of fresh random chunks (never one buffer reused: a consumer may hold chunks), hashed as produced; 64 KiB chunks, as an HTTP request delivers them. */
function randomBody(bytes: number, chunk = 64 * 1024) {
  const hash = createHash("sha256");
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= bytes) return void this.push(null);
      const piece = randomBytes(Math.min(chunk, bytes - sent));
      sent += piece.length;
      hash.update(piece);
      this.push(piece);
    },
  });
  return { stream, digest: () => hash.digest("hex") };
}

/** A source that delivers `bytes` bytes, then fails. */
function failingBody(bytes: number, message: string): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) return void this.destroy(new Error(message));
      const piece = Buffer.alloc(Math.min(MiB, bytes - sent), 7);
      sent += piece.length;
      this.push(piece);
    },
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function hashStream(stream: Readable): Promise<{ hex: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const c of stream) {
    hash.update(c as Buffer);
    bytes += (c as Buffer).length;
  }
  return { hex: hash.digest("hex"), bytes };
}

/** Runs `fn`, sampling this process's resident memory; returns the peak growth over the start. */
async function rssGrowth<T>(fn: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    const result = await fn();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growth: peak - base };
  } finally {
    clearInterval(timer);
  }
}

const text = (s: string) => Readable.from([Buffer.from(s)]);
const getText = async (storage: Storage, key: string) => (await readAll(await storage.getStream(key))).toString();
const storageError = (code: StorageError["code"]) => (err: unknown) => err instanceof StorageError && err.code === code;

// ---------------------------------------------------------------------------------------------
// the contract

const BAD_KEYS = [
  "",
  "/etc/passwd",
  "../escape.txt",
  "a/../../escape.txt",
  "a/..",
  "a/./b",
  "a//b",
  "a/",
  "a\\b",
  "..\\escape.txt",
  "a\0b",
  ".tmp/x",
  "a/.hidden",
  "%2e%2e/escape.txt",
  "a/b c",
  "é",
  "a/" + "x".repeat(1100),
];
// a trailing slash is tolerated in a prefix
const BAD_PREFIXES = BAD_KEYS.filter((k) => k !== "a/");

/** This process's open descriptors on files under the local storage's root (none for S3). */
const openUnderRoot = (storage: Storage): string[] => {
  if (!(storage instanceof LocalStorage)) return [];
  const links = readdirSync("/proc/self/fd").map((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      return ""; // closed meanwhile
    }
  });
  return links.filter((l) => l.startsWith(storage.localRoot + path.sep));
};

/** `tempDir`: the implementation's own scratch directory, which must be empty after every operation. */
function contract(name: string, open: () => Promise<{ storage: Storage; tempDir: string }>, close: () => Promise<void>): void {
  describe(`storage contract: ${name}`, { timeout: 180_000 }, () => {
    let storage: Storage;
    let storeTemp: string;
    let n = 0;
    const scratch = tempDir("storage-src");
    const unique = () => `t/${name}-${++n}`;

    const noLeftovers = () => assert.deepEqual(existsSync(storeTemp) ? readdirSync(storeTemp) : [], [], "scratch files left behind");

    before(async () => {
      ({ storage, tempDir: storeTemp } = await open());
    });
    after(async () => {
      await storage.close();
      await close();
    });

    it("streams a large body in and out without holding it in memory", async () => {
      const key = `${unique()}/original`;
      const body = randomBody(STREAM_BYTES);
      const totals: number[] = [];
      const put = await rssGrowth(() => storage.putStream(key, body.stream, { contentType: "video/mp4", onBytes: (t) => totals.push(t) }));
      assert.equal(put.result.size, STREAM_BYTES);
      // the progress callback: running totals, growing, ending at the size
      assert.ok(totals.length > 10, `${totals.length} progress calls`);
      assert.ok(
        totals.every((t, i) => i === 0 || t > totals[i - 1]!),
        "totals grow",
      );
      assert.equal(totals.at(-1), STREAM_BYTES);
      // local disk flushes in the background through a descriptor of its own: closed again
      assert.deepEqual(openUnderRoot(storage), [], "descriptors left open");
      assert.ok(put.growth < MEMORY_BUDGET, `put grew resident memory by ${(put.growth / MiB).toFixed(1)} MiB`);
      assert.equal((await storage.stat(key))?.size, STREAM_BYTES);

      const get = await rssGrowth(async () => hashStream(await storage.getStream(key)));
      assert.equal(get.result.bytes, STREAM_BYTES);
      assert.equal(get.result.hex, body.digest());
      if (process.env.KINORA_STORAGE_TEST_VERBOSE)
        console.log(`${name}: put +${(put.growth / MiB).toFixed(1)} MiB, get +${(get.growth / MiB).toFixed(1)} MiB`);
      assert.ok(get.growth < MEMORY_BUDGET, `get grew resident memory by ${(get.growth / MiB).toFixed(1)} MiB`);
    });

    it("serves byte ranges (inclusive, as in HTTP)", async () => {
      const key = `${unique()}/seg.ts`;
      const data = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251));
      await storage.putStream(key, Readable.from([data]));
      const range = async (start?: number, end?: number) => readAll(await storage.getStream(key, { start, end }));
      assert.deepEqual(await range(100, 199), data.subarray(100, 200));
      assert.deepEqual(await range(9_990), data.subarray(9_990));
      assert.deepEqual(await range(undefined, 9), data.subarray(0, 10));
      assert.deepEqual(await range(9_999, 50_000), data.subarray(9_999)); // end past the last byte: to the end
      assert.deepEqual(await range(0, 1), data.subarray(0, 2)); // what Safari asks first
      // a one-byte range; not `bytes=0-0`, which s3rver 4.0.4 answers with the whole object (`end || Infinity`)
      assert.deepEqual(await range(5, 5), data.subarray(5, 6));
      await assert.rejects(range(10_000), storageError("INVALID_RANGE"));
      await assert.rejects(range(20, 10), storageError("INVALID_RANGE"));
      await assert.rejects(range(-1), storageError("INVALID_RANGE"));
      await assert.rejects(storage.getStream(`${unique()}/missing.ts`), storageError("NOT_FOUND"));
      await assert.rejects(storage.getStream(`${unique()}/missing.ts`, { start: 0, end: 1 }), storageError("NOT_FOUND"));
    });

    it("stats objects and tells whether they exist", async () => {
      const dir = unique();
      const started = Date.now();
      await storage.putStream(`${dir}/index.m3u8`, text("#EXTM3U\n"));
      const info = await storage.stat(`${dir}/index.m3u8`);
      assert.ok(info);
      assert.equal(info.size, 8);
      assert.equal(info.contentType, "application/vnd.apple.mpegurl");
      assert.ok(Math.abs(info.mtime.getTime() - started) < 60_000, `mtime ${info.mtime.toISOString()}`);
      assert.equal(await storage.exists(`${dir}/index.m3u8`), true);
      assert.equal(await storage.stat(`${dir}/nope.m3u8`), null);
      assert.equal(await storage.exists(`${dir}/nope.m3u8`), false);
      assert.equal(await storage.stat(dir), null, "a prefix is not an object");

      await storage.putStream(`${dir}/empty`, Readable.from([]));
      assert.equal((await storage.stat(`${dir}/empty`))?.size, 0);
      assert.equal((await readAll(await storage.getStream(`${dir}/empty`))).length, 0);

      await storage.putStream(`${dir}/index.m3u8`, text("#EXTM3U\n#EXT-X-VERSION:3\n"));
      assert.equal((await storage.stat(`${dir}/index.m3u8`))?.size, 25, "a put replaces the object");
    });

    it("never shows a put before it completes", async () => {
      const key = `${unique()}/original`;
      await storage.putStream(key, text("old"));
      const source = new PassThrough();
      const pending = storage.putStream(key, source);
      source.write(randomBytes(6 * MiB));
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(await getText(storage, key), "old");
      assert.deepEqual(
        (await storage.list(path.posix.dirname(key))).map((e) => e.key),
        [key],
      );
      source.end(randomBytes(MiB));
      assert.equal((await pending).size, 7 * MiB);
      assert.equal((await storage.stat(key))?.size, 7 * MiB);
    });

    it("aborts past maxBytes and leaves nothing (nor damages the previous object)", async () => {
      const dir = unique();
      const source = randomBody(12 * MiB).stream;
      await assert.rejects(storage.putStream(`${dir}/upload`, source, { maxBytes: 3 * MiB }), storageError("TOO_LARGE"));
      assert.equal(source.destroyed, true, "the source is released");
      assert.equal(await storage.exists(`${dir}/upload`), false);
      assert.deepEqual(await storage.list(dir), []);

      await storage.putStream(`${dir}/kept`, text("old"));
      await assert.rejects(storage.putStream(`${dir}/kept`, randomBody(MiB + 1).stream, { maxBytes: MiB }), storageError("TOO_LARGE"));
      assert.equal(await getText(storage, `${dir}/kept`), "old");
      assert.equal(
        (await storage.putStream(`${dir}/exact`, randomBody(MiB).stream, { maxBytes: MiB })).size,
        MiB,
        "maxBytes itself is allowed",
      );
      // refused after local disk's background flush began (every 64 MiB): its descriptor is closed too
      await assert.rejects(
        storage.putStream(`${dir}/late`, randomBody(70 * MiB).stream, { maxBytes: 66 * MiB }),
        storageError("TOO_LARGE"),
      );
      assert.deepEqual(openUnderRoot(storage), [], "descriptors left open");
      assert.equal(await storage.exists(`${dir}/late`), false);
      noLeftovers();
    });

    it("leaves nothing when the source stream fails", async () => {
      const dir = unique();
      // small (one request) and past a multipart part (8 MiB): both paths must clean up
      for (const bytes of [MiB, 10 * MiB]) {
        await assert.rejects(storage.putStream(`${dir}/upload`, failingBody(bytes, "client went away")), /client went away/);
        assert.equal(await storage.exists(`${dir}/upload`), false);
        assert.deepEqual(await storage.list(dir), []);
      }
      await storage.putStream(`${dir}/kept`, text("old"));
      await assert.rejects(storage.putStream(`${dir}/kept`, failingBody(2 * MiB, "boom")), /boom/);
      assert.equal(await getText(storage, `${dir}/kept`), "old");
      noLeftovers();
    });

    it("puts files, copying or moving them", async () => {
      const dir = unique();
      const file = path.join(scratch, `${n}.bin`);
      writeFileSync(file, "poster bytes");
      assert.deepEqual(await storage.putFile(`${dir}/poster.jpg`, file), { size: 12 });
      assert.equal(existsSync(file), true, "copied, the source stays");
      assert.equal(await getText(storage, `${dir}/poster.jpg`), "poster bytes");
      assert.equal((await storage.stat(`${dir}/poster.jpg`))?.contentType, "image/jpeg");

      assert.deepEqual(await storage.putFile(`${dir}/moved.jpg`, file, { move: true }), { size: 12 });
      assert.equal(existsSync(file), false, "moved, the source is gone");
      assert.equal(await getText(storage, `${dir}/moved.jpg`), "poster bytes");
      await assert.rejects(storage.putFile(`${dir}/x.jpg`, path.join(scratch, "missing")), /ENOENT/);
      assert.equal(await storage.exists(`${dir}/x.jpg`), false);
    });

    it("puts a directory with its playlists last", async () => {
      const dir = unique();
      const local = mkdtempSync(path.join(scratch, "hls-"));
      const files: Record<string, string> = {
        "master.m3u8": "#EXTM3U master",
        "720p/index.m3u8": "#EXTM3U 720p",
        "720p/init.mp4": "init",
        "720p/seg_00000.m4s": "s0",
        "720p/seg_00001.m4s": "s1",
        "360p/index.m3u8": "#EXTM3U 360p",
        "360p/seg_00000.m4s": "t0",
      };
      for (const [rel, body] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(local, rel)), { recursive: true });
        writeFileSync(path.join(local, rel), body);
      }
      const order: string[] = [];
      const original = storage.putFile.bind(storage);
      storage.putFile = (key, localPath, options) => {
        order.push(key.slice(dir.length + 1));
        return original(key, localPath, options);
      };
      try {
        const result = await storage.putDirectory(dir, local);
        assert.deepEqual(result, { files: 7, size: Object.values(files).reduce((s, b) => s + b.length, 0) });
      } finally {
        storage.putFile = original;
      }
      assert.deepEqual(order.slice(-3).slice(0, 2).sort(), ["360p/index.m3u8", "720p/index.m3u8"]);
      assert.equal(order.at(-1), "master.m3u8", "the master playlist comes last");
      assert.deepEqual(
        new Set(order.slice(0, 4)),
        new Set(["720p/init.mp4", "720p/seg_00000.m4s", "720p/seg_00001.m4s", "360p/seg_00000.m4s"]),
      );

      const listed = await storage.list(dir);
      assert.deepEqual(
        listed.map((e) => [e.key.slice(dir.length + 1), e.size]),
        Object.entries(files)
          .map(([rel, body]) => [rel, body.length] as const)
          .sort(([a], [b]) => (a < b ? -1 : 1)),
      );
      assert.equal(await getText(storage, `${dir}/720p/seg_00001.m4s`), "s1");
      assert.equal((await storage.stat(`${dir}/720p/seg_00001.m4s`))?.contentType, "video/iso.segment");

      const moved = mkdtempSync(path.join(scratch, "hls-"));
      writeFileSync(path.join(moved, "index.m3u8"), "#EXTM3U");
      writeFileSync(path.join(moved, "seg_0.ts"), "ts");
      assert.deepEqual(await storage.putDirectory(`${dir}/preview/`, moved, { move: true }), { files: 2, size: 9 });
      assert.deepEqual(readdirSync(moved), []);

      const hidden = mkdtempSync(path.join(scratch, "hls-"));
      writeFileSync(path.join(hidden, ".DS_Store"), "x");
      await assert.rejects(storage.putDirectory(`${dir}/other`, hidden), storageError("INVALID_KEY"));
    });

    it("lists a prefix (a directory, not a string prefix) in key order", async () => {
      const dir = unique();
      for (const k of ["b/2.ts", "a.ts", "b/1.ts", "b/c/3.ts"]) await storage.putStream(`${dir}/x/${k}`, text(k));
      await storage.putStream(`${dir}/xy/other.ts`, text("other"));
      const entries = await storage.list(`${dir}/x`);
      assert.deepEqual(
        entries.map((e) => e.key),
        ["a.ts", "b/1.ts", "b/2.ts", "b/c/3.ts"].map((k) => `${dir}/x/${k}`),
      );
      assert.deepEqual(
        entries.map((e) => e.size),
        [4, 6, 6, 8],
      );
      assert.ok(entries.every((e) => e.mtime instanceof Date));
      assert.deepEqual(
        (await storage.list(`${dir}/x/`)).map((e) => e.key),
        entries.map((e) => e.key),
      );
      assert.deepEqual(await storage.list(`${dir}/nothing`), []);
      assert.deepEqual(await storage.list(`${dir}/x/a.ts`), [], "an object is not a prefix");
    });

    it("deletes objects and prefixes", async () => {
      const dir = unique();
      for (const k of ["item/original", "item/hls/720p/index.m3u8", "item/hls/720p/seg_0.ts", "item/poster.jpg", "item2/original"]) {
        await storage.putStream(`${dir}/${k}`, text(k));
      }
      assert.equal(await storage.deletePrefix(`${dir}/item`), 4);
      assert.deepEqual(await storage.list(`${dir}/item`), []);
      assert.equal(await storage.exists(`${dir}/item/original`), false);
      assert.equal(await storage.exists(`${dir}/item2/original`), true, "a sibling sharing the string prefix stays");
      assert.equal(await storage.deletePrefix(`${dir}/item`), 0);

      await storage.delete(`${dir}/item2/original`);
      assert.equal(await storage.exists(`${dir}/item2/original`), false);
      await storage.delete(`${dir}/item2/original`); // missing: not an error
    });

    it("moves objects, and a retried move succeeds", async () => {
      const dir = unique();
      await storage.putStream(`${dir}/tmp/upload`, text("video"), { contentType: "video/mp4" });
      await storage.move(`${dir}/tmp/upload`, `${dir}/item/original`);
      assert.equal(await storage.exists(`${dir}/tmp/upload`), false);
      assert.equal(await getText(storage, `${dir}/item/original`), "video");
      await storage.move(`${dir}/tmp/upload`, `${dir}/item/original`);
      await storage.move(`${dir}/item/original`, `${dir}/item/original`);
      assert.equal(await getText(storage, `${dir}/item/original`), "video", "a move onto itself keeps the object");
      await assert.rejects(storage.move(`${dir}/tmp/nope`, `${dir}/item/nope`), storageError("NOT_FOUND"));
    });

    it("gives ffmpeg a local file", async () => {
      const key = `${unique()}/poster.jpg`;
      await storage.putStream(key, text("jpeg data"));
      let seen = "";
      const result = await storage.withLocalFile(key, async (file) => {
        seen = file;
        assert.equal(path.basename(file), "poster.jpg", "the file name (and extension) is kept");
        assert.equal(readFileSync(file, "utf8"), "jpeg data");
        return 42;
      });
      assert.equal(result, 42);
      if (storage.localRoot) assert.equal(seen, path.join(storage.localRoot, key), "local disk: the file itself");
      else assert.equal(existsSync(seen), false, "a downloaded copy is removed afterwards");

      await assert.rejects(
        storage.withLocalFile(key, async (file) => {
          seen = file;
          throw new Error("ffmpeg failed");
        }),
        /ffmpeg failed/,
      );
      if (!storage.localRoot) assert.equal(existsSync(seen), false, "removed after a failure too");
      let called = false;
      await assert.rejects(
        storage.withLocalFile(`${unique()}/missing.mp4`, async () => {
          called = true;
        }),
        storageError("NOT_FOUND"),
      );
      assert.equal(called, false);
      noLeftovers();
    });

    it("rejects keys that could escape or be ambiguous, in every operation", async () => {
      const file = path.join(scratch, "any.bin");
      writeFileSync(file, "x");
      const invalid = storageError("INVALID_KEY");
      for (const key of BAD_KEYS) {
        const source = text("x");
        await assert.rejects(storage.putStream(key, source), invalid, `putStream ${JSON.stringify(key)}`);
        assert.equal(source.destroyed, true);
        await assert.rejects(storage.putFile(key, file), invalid, `putFile ${JSON.stringify(key)}`);
        await assert.rejects(storage.getStream(key), invalid, `getStream ${JSON.stringify(key)}`);
        await assert.rejects(storage.stat(key), invalid, `stat ${JSON.stringify(key)}`);
        await assert.rejects(storage.exists(key), invalid, `exists ${JSON.stringify(key)}`);
        await assert.rejects(storage.delete(key), invalid, `delete ${JSON.stringify(key)}`);
        await assert.rejects(storage.move(key, "t/ok"), invalid, `move from ${JSON.stringify(key)}`);
        await assert.rejects(storage.move("t/ok", key), invalid, `move to ${JSON.stringify(key)}`);
        await assert.rejects(
          storage.withLocalFile(key, async () => {}),
          invalid,
          `withLocalFile ${JSON.stringify(key)}`,
        );
      }
      for (const prefix of BAD_PREFIXES) {
        await assert.rejects(storage.list(prefix), invalid, `list ${JSON.stringify(prefix)}`);
        await assert.rejects(storage.deletePrefix(prefix), invalid, `deletePrefix ${JSON.stringify(prefix)}`);
        await assert.rejects(storage.putDirectory(prefix, scratch), invalid, `putDirectory ${JSON.stringify(prefix)}`);
      }
      if (storage.localRoot) {
        assert.equal(existsSync(path.join(storage.localRoot, "..", "escape.txt")), false);
        assert.equal(existsSync("/escape.txt"), false);
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------
// local disk

const localRoot = tempDir("storage-local");
contract(
  "local",
  async () => {
    const storage = new LocalStorage(path.join(localRoot, "storage"), "contract");
    return { storage, tempDir: path.join(storage.localRoot, ".tmp", "contract") };
  },
  async () => {},
);

describe("local storage specifics", () => {
  const storage = new LocalStorage(path.join(localRoot, "layout"), "this-process");
  const tmpDir = path.join(storage.localRoot, ".tmp");

  it("maps keys 1:1 to files under its root (nginx serves that layout)", async () => {
    await storage.putStream("box/o/b/hls/720p/index.m3u8", text("#EXTM3U"));
    assert.equal(readFileSync(path.join(storage.localRoot, "box/o/b/hls/720p/index.m3u8"), "utf8"), "#EXTM3U");
    assert.equal(storage.pathOf("box/o/b/original"), path.join(storage.localRoot, "box", "o", "b", "original"));
  });

  it("keeps nothing in its temp area after failed puts, and sweeps what dead processes left", async () => {
    await assert.rejects(storage.putStream("a/b", failingBody(3 * MiB, "boom")), /boom/);
    await assert.rejects(storage.putStream("a/c", randomBody(3 * MiB).stream, { maxBytes: MiB }), storageError("TOO_LARGE"));
    assert.deepEqual(readdirSync(tmpDir), ["this-process"], "each process writes under its own directory");
    assert.deepEqual(readdirSync(path.join(tmpDir, "this-process")), []);
    assert.deepEqual(await storage.list("a"), [], "temp files are never listed");

    for (const owner of ["this-process", "dead-process", "live-process"]) {
      mkdirSync(path.join(tmpDir, owner), { recursive: true });
      writeFileSync(path.join(tmpDir, owner, "x.part"), "half");
    }
    writeFileSync(path.join(tmpDir, "before-owners.part"), "half");
    let listedFirst = false;
    const removed = await storage.sweepTemp(async () => {
      listedFirst = readdirSync(tmpDir).length === 4; // nothing removed before the question
      return new Set(["live-process"]);
    });
    assert.ok(listedFirst);
    assert.equal(removed, 2);
    assert.deepEqual(readdirSync(tmpDir).sort(), ["live-process", "this-process"]);
    assert.deepEqual(readdirSync(path.join(tmpDir, "this-process")), ["x.part"], "its own files are never swept");
  });
});

// ---------------------------------------------------------------------------------------------
// S3 (s3rver on loopback)

const BUCKET = "kinora-test";
let s3server: S3rver | undefined;
const s3config = (endpoint: string): S3StorageConfig => ({
  bucket: BUCKET,
  region: "us-east-1",
  endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" }, // s3rver's built-in account
  tmpDir: tempDir("storage-s3tmp"),
});

contract(
  "s3",
  async () => {
    s3server = await startS3rver(tempDir("s3rver"), BUCKET);
    const config = s3config(s3server.endpoint);
    // the smallest part S3 allows, so that the contract's 6-12 MiB bodies take the multipart path
    return {
      storage: new S3Storage({ ...config, partSize: 5 * MiB, tempOwner: "contract" }),
      tempDir: path.join(config.tmpDir, "contract"),
    };
  },
  async () => {
    await s3server?.stop();
  },
);

describe("s3 storage specifics", { timeout: 120_000 }, () => {
  let server: S3rver;
  before(async () => {
    server = await startS3rver(tempDir("s3rver"), BUCKET);
  });
  after(async () => {
    await server.stop();
  });

  it("moves objects past the single-copy limit with a multipart copy", async () => {
    // the limit lowered from 5 GiB to 5 MiB so that a 12 MiB object takes the multipart path
    const storage = new S3Storage({ ...s3config(server.endpoint), maxSingleCopyBytes: 5 * MiB, copyPartSize: 5 * MiB });
    try {
      const body = randomBody(12 * MiB + 123);
      await storage.putStream("tmp/uploads/big", body.stream, { contentType: "video/mp4" });
      await storage.move("tmp/uploads/big", "box/o/b/original");
      assert.equal(await storage.exists("tmp/uploads/big"), false);
      const info = await storage.stat("box/o/b/original");
      assert.equal(info?.size, 12 * MiB + 123);
      assert.equal(info?.contentType, "video/mp4");
      assert.equal((await hashStream(await storage.getStream("box/o/b/original"))).hex, body.digest());
    } finally {
      await storage.close();
    }
  });

  it("uploads a large file in ranges of it, with the multipart path", async () => {
    const storage = new S3Storage({ ...s3config(server.endpoint), partSize: 5 * MiB });
    try {
      const file = path.join(tempDir("s3-file"), "original.mp4");
      const data = randomBytes(11 * MiB + 7);
      writeFileSync(file, data);
      assert.deepEqual(await storage.putFile("box/o/c/original", file, { contentType: "video/mp4" }), { size: data.length });
      assert.deepEqual(await readAll(await storage.getStream("box/o/c/original")), data);
      assert.deepEqual(
        await readAll(await storage.getStream("box/o/c/original", { start: 5 * MiB - 2, end: 5 * MiB + 1 })),
        data.subarray(5 * MiB - 2, 5 * MiB + 2),
      );
    } finally {
      await storage.close();
    }
  });

  it("sweeps what dead processes left in its scratch directory", async () => {
    const config = s3config(server.endpoint);
    const storage = new S3Storage({ ...config, tempOwner: "this-process" });
    try {
      for (const owner of ["this-process", "dead-process", "live-process"]) {
        mkdirSync(path.join(config.tmpDir, owner, "s3-download"), { recursive: true });
        writeFileSync(path.join(config.tmpDir, owner, "part-1"), "half");
      }
      assert.equal(await storage.sweepTemp(async () => new Set(["live-process"])), 1);
      assert.deepEqual(readdirSync(config.tmpDir).sort(), ["live-process", "this-process"]);
    } finally {
      await storage.close();
    }
  });

  it("stores the given content type", async () => {
    const storage = new S3Storage(s3config(server.endpoint));
    try {
      await storage.putStream("box/o/b/original", text("x"), { contentType: "video/quicktime" });
      assert.equal((await storage.stat("box/o/b/original"))?.contentType, "video/quicktime");
    } finally {
      await storage.close();
    }
  });
});
