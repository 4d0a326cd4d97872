// The retry and clean-up paths of the S3 uploader, which a healthy S3 server never takes: a client
// that fails on cue stands in for S3 (the contract suite covers the real protocol against s3rver).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { after, describe, it } from "node:test";
import type { S3Client } from "@aws-sdk/client-s3";
import { uploadStream, type UploadTarget } from "@/server/media/storage/s3-upload";

const MiB = 1024 * 1024;

interface Sent {
  command: string;
  input: Record<string, unknown>;
  body?: Buffer;
}

/** Records every command; `fail(sent, attempt)` may return an error to throw for a request. */
function fakeS3(fail: (sent: Sent, attempt: number) => Error | undefined) {
  const sent: Sent[] = [];
  const attempts = new Map<string, number>();
  const client = {
    async send(command: { constructor: { name: string }; input: Record<string, unknown> }) {
      const name = command.constructor.name.replace(/Command$/, "");
      const { Body, ...input } = command.input;
      let body: Buffer | undefined;
      if (Body instanceof Readable) {
        const chunks: Buffer[] = [];
        for await (const c of Body) chunks.push(c as Buffer);
        body = Buffer.concat(chunks);
      }
      const record = { command: name, input, body };
      sent.push(record);
      const id = `${name}:${String(input.PartNumber ?? "")}`;
      const attempt = (attempts.get(id) ?? 0) + 1;
      attempts.set(id, attempt);
      const error = fail(record, attempt);
      if (error) throw error;
      if (name === "CreateMultipartUpload") return { UploadId: "upload-1" };
      if (name === "UploadPart") return { ETag: `"etag-${String(input.PartNumber)}"` };
      return {};
    },
  };
  return { client: client as unknown as S3Client, sent };
}

const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { $metadata: { httpStatusCode: status } });

const dirs: string[] = [];
after(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

function target(client: S3Client): UploadTarget {
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), "kinora-s3-upload-"));
  dirs.push(tmpDir);
  return {
    client,
    bucket: "b",
    key: "box/o/b/original",
    contentType: "video/mp4",
    partSize: 5 * MiB,
    queueSize: 2,
    tmpDir,
  };
}

describe("s3 uploader", () => {
  it("retries a failed part from its spooled file, byte for byte", async () => {
    const data = randomBytes(12 * MiB);
    const s3 = fakeS3((s, attempt) =>
      s.command === "UploadPart" && s.input.PartNumber === 2 && attempt === 1 ? httpError(503) : undefined,
    );
    const t = target(s3.client);
    assert.equal(
      await uploadStream(Readable.from([data.subarray(0, 4 * MiB), data.subarray(4 * MiB, 9 * MiB), data.subarray(9 * MiB)]), t),
      data.length,
    );

    const parts = s3.sent.filter((s) => s.command === "UploadPart");
    assert.equal(parts.filter((p) => p.input.PartNumber === 2).length, 2, "part 2 was sent twice");
    // Parts 2 and 3 travel side by side, so the order they were sent in is not fixed: look at them by number.
    const delivered = new Map(parts.map((p) => [p.input.PartNumber as number, p.body!]));
    const numbers = [...delivered.keys()].sort((a, b) => a - b);
    assert.deepEqual(Buffer.concat(numbers.map((n) => delivered.get(n)!)), data);
    for (const p of parts) assert.equal(p.input.ContentLength, p.body!.length);
    assert.deepEqual(
      numbers.map((n) => delivered.get(n)!.length),
      [5 * MiB, 5 * MiB, 2 * MiB],
      "parts of exactly partSize, whatever the chunks",
    );

    const complete = s3.sent.find((s) => s.command === "CompleteMultipartUpload");
    assert.deepEqual((complete?.input.MultipartUpload as { Parts: unknown[] }).Parts, [
      { PartNumber: 1, ETag: '"etag-1"' },
      { PartNumber: 2, ETag: '"etag-2"' },
      { PartNumber: 3, ETag: '"etag-3"' },
    ]);
    assert.equal(s3.sent.find((s) => s.command === "CreateMultipartUpload")?.input.ContentType, "video/mp4");
    assert.deepEqual(readdirSync(t.tmpDir), [], "spooled parts are removed");
  });

  it("does not retry a refusal, aborts the upload and removes its parts", async () => {
    const s3 = fakeS3((s) => (s.command === "UploadPart" && s.input.PartNumber === 2 ? httpError(403) : undefined));
    const t = target(s3.client);
    await assert.rejects(uploadStream(Readable.from([randomBytes(6 * MiB), randomBytes(6 * MiB), randomBytes(6 * MiB)]), t), /HTTP 403/);
    assert.equal(s3.sent.filter((s) => s.command === "UploadPart" && s.input.PartNumber === 2).length, 1);
    assert.ok(s3.sent.some((s) => s.command === "AbortMultipartUpload"));
    assert.ok(!s3.sent.some((s) => s.command === "CompleteMultipartUpload"));
    assert.deepEqual(readdirSync(t.tmpDir), []);
  });

  it("sends a small body as one PutObject, an empty one too", async () => {
    const s3 = fakeS3(() => undefined);
    const t = target(s3.client);
    assert.equal(await uploadStream(Readable.from([Buffer.from("hello")]), t), 5);
    assert.equal(await uploadStream(Readable.from([]), t), 0);
    assert.deepEqual(
      s3.sent.map((s) => [s.command, s.input.ContentLength, s.body?.toString()]),
      [
        ["PutObject", 5, "hello"],
        ["PutObject", 0, ""],
      ],
    );
    assert.deepEqual(readdirSync(t.tmpDir), []);
  });
});
