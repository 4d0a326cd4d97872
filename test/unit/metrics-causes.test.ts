// The causes counted beside the domain code (docs/operations.md "Metrics"): which storage failures
// kinora_storage_errors_total counts (a real LocalStorage on a temporary directory, wrapped as
// createStorage wraps it), and how kinora_ingest_failures_total names a failed ingest attempt's cause.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { after, describe, it } from "node:test";
import { MediaError } from "@/server/media/ffmpeg/media-error";
import { ingestFailureCause } from "@/server/media/ingest/failure-cause";
import { countedStorage, isStorageFailure } from "@/server/media/storage/counted-storage";
import { LocalStorage } from "@/server/media/storage/local-storage";
import { limitName } from "@/server/core/rate-limit";
import { metrics } from "@/server/metrics/registry.mjs";

const dir = mkdtempSync(path.join(os.tmpdir(), "kinora-metrics-causes-"));
after(() => rmSync(dir, { recursive: true, force: true }));

async function errors(): Promise<Record<string, number>> {
  const { values } = await metrics().storageErrors.get();
  return Object.fromEntries(values.map((v) => [`${v.labels.driver}/${v.labels.operation}`, v.value]));
}

describe("kinora_storage_errors_total", () => {
  it("counts the disk's failures, not the caller's, an uploader's broken stream, nor the work on a local copy", async () => {
    const root = path.join(dir, "storage");
    const storage = countedStorage(new LocalStorage(root, "test-owner"));
    assert.equal(storage.driver, "local");
    assert.equal(storage.localRoot, root);
    assert.equal((await errors())["local/putFile"], 0, "every operation's series from the start");
    const source = path.join(dir, "source.bin");
    writeFileSync(source, "x");
    await storage.putFile("a/file", source);

    // the caller's: NOT_FOUND, INVALID_KEY; the work on the local copy; an uploader that went away
    await assert.rejects(storage.getStream("a/missing"), { code: "NOT_FOUND" });
    await assert.rejects(storage.stat("../etc"), { code: "INVALID_KEY" });
    await assert.rejects(
      storage.withLocalFile("a/file", async () => {
        throw new MediaError("failed", "ffmpeg failed");
      }),
      /ffmpeg failed/,
    );
    const broken = new Readable({
      read() {
        this.destroy(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
      },
    });
    await assert.rejects(storage.putStream("a/upload", broken), /aborted/);
    assert.deepEqual(
      Object.entries(await errors()).filter(([, n]) => n > 0),
      [],
    );

    // the disk's: a file stands where a directory must be
    let failure: unknown;
    await storage.putFile("a/file/below", source).catch((err: unknown) => (failure = err));
    assert.ok(failure instanceof Error);
    assert.equal((await errors())["local/putFile"], 1);
    assert.ok(isStorageFailure(failure));
    assert.equal(ingestFailureCause(failure, "encode"), "storage");
    await storage.close();
  });
});

describe("kinora_ingest_failures_total causes", () => {
  it("names the stage and the kind of a failed attempt; a cancelled one is no failure", () => {
    const media = (kind: ConstructorParameters<typeof MediaError>[0]) => new MediaError(kind, "reason");
    assert.equal(ingestFailureCause(media("unreadable"), "probe"), "probe");
    assert.equal(ingestFailureCause(media("unsupported"), "probe"), "probe");
    assert.equal(ingestFailureCause(media("unreadable"), "encode"), "decode");
    assert.equal(ingestFailureCause(media("failed"), "encode"), "encode");
    assert.equal(ingestFailureCause(media("memory"), "encode"), "memory");
    assert.equal(ingestFailureCause(media("timeout"), "probe"), "timeout");
    assert.equal(ingestFailureCause(media("unreadable"), "original"), "storage", "the original lost");
    assert.equal(ingestFailureCause(media("cancelled"), "encode"), undefined);
    assert.equal(ingestFailureCause(new Error("database gone"), "encode"), "other");
  });
});

describe("kinora_rate_limited_total limit names", () => {
  it("is the key's constant first part: never an address or an id", () => {
    assert.equal(limitName("login:user:0b1c@127.0.0.1"), "login");
    assert.equal(limitName("login:addr:10.0.0.1"), "login");
    assert.equal(limitName("live:user:0b1c@unknown"), "live");
    assert.equal(limitName("renew-address:10.0.0.1"), "renew-address");
    assert.equal(limitName("password-update:0b1c"), "password-update");
  });
});
