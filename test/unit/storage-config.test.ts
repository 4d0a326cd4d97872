import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { env } from "@/server/env";
import { closeStorage, createStorage, getStorage, storageConfigFromEnv } from "@/server/media/storage";

// env() is read once per process, at its first call (not at import): set the variables before.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "kinora-storage-config-"));
process.env.DATA_DIR = dataDir;
delete process.env.STORAGE_DRIVER;
delete process.env.S3_BUCKET;
process.env.S3_FORCE_PATH_STYLE = "false";
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true"; // "releases after January 2027 need Node 22"

describe("storage configuration", () => {
  after(async () => {
    await closeStorage();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("defaults to local disk under DATA_DIR/storage, one instance per process", async () => {
    const storage = await getStorage();
    assert.equal(storage.driver, "local");
    assert.equal(storage.localRoot, path.join(dataDir, "storage"));
    assert.equal(await getStorage(), storage);
  });

  it("reads the S3 variables", async () => {
    assert.equal(env().S3_FORCE_PATH_STYLE, false, '"false" is false');
    assert.equal(env().S3_REGION, "us-east-1");
    const base = env();
    const config = storageConfigFromEnv({
      ...base,
      STORAGE_DRIVER: "s3",
      S3_BUCKET: "media",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_FORCE_PATH_STYLE: true,
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    assert.deepEqual(config, {
      driver: "s3",
      bucket: "media",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9000",
      forcePathStyle: true,
      credentials: { accessKeyId: "id", secretAccessKey: "secret" },
      tmpDir: path.join(dataDir, "tmp", "s3"),
    });
    const storage = await createStorage(config); // no request is made until used
    assert.equal(storage.driver, "s3");
    assert.equal(storage.localRoot, undefined);
    await storage.close();

    assert.throws(() => storageConfigFromEnv({ ...base, STORAGE_DRIVER: "s3" }), /S3_BUCKET/);
    assert.throws(
      () => storageConfigFromEnv({ ...base, STORAGE_DRIVER: "s3", S3_BUCKET: "media", S3_ACCESS_KEY_ID: "id" }),
      /S3_SECRET_ACCESS_KEY/,
    );
  });
});
