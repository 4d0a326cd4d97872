// The S3 part of a backup (src/server/backup/s3-manifest.ts): the bucket's objects listed one JSON
// line each (key, size, etag, lastModified), and the advice to version the bucket. Pages past the
// first are not seen here: s3rver 4.0.4 answers a truncated listing (MaxKeys below the count) with an
// internal error; the loop is S3Storage.list's.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { after, before, test } from "node:test";
import { writeS3Manifest } from "@/server/backup/s3-manifest";
import { S3Storage, type S3StorageConfig } from "@/server/media/storage/s3-storage";
import { startS3rver, type S3rver } from "../support/s3rver";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
const dir = mkdtempSync(path.join(os.tmpdir(), "kinora-backup-s3-"));
let server: S3rver;
let config: S3StorageConfig;

before(async () => {
  server = await startS3rver(path.join(dir, "s3rver"), "kinora-backup");
  config = {
    bucket: "kinora-backup",
    region: "us-east-1",
    endpoint: server.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    tmpDir: path.join(dir, "tmp"),
  };
});
after(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

test("every object of the bucket, with size and etag, one JSON line each; versioning advised", async () => {
  const storage = new S3Storage(config);
  const keys = Array.from({ length: 40 }, (_, i) => `u/${String(i).padStart(4, "0")}/f.bin`);
  for (let at = 0; at < keys.length; at += 25)
    await Promise.all(keys.slice(at, at + 25).map((key, j) => storage.putStream(key, Readable.from([Buffer.alloc((at + j) % 7, 1)]))));
  await storage.close();
  const out = path.join(dir, "s3-manifest.jsonl");
  const notes = await writeS3Manifest(config, out);
  assert.equal(statSync(out).mode & 0o777, 0o600);
  const lines = readFileSync(out, "utf8")
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line));
  assert.equal(lines.length, keys.length);
  assert.deepEqual(lines.map((l) => l.key).sort(), keys);
  for (const line of lines) {
    assert.deepEqual(Object.keys(line).sort(), ["etag", "key", "lastModified", "size"]);
    assert.equal(line.size, Number(line.key.slice(2, 6)) % 7);
    assert.match(line.etag, /^"[0-9a-f]{32}"$/);
  }
  assert.match(notes[0]!, /the media stay in bucket kinora-backup: the archive lists its 40 objects/);
  assert.match(notes[1]!, /bucket versioning is .*: enable it/);
});
