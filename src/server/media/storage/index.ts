import { randomUUID } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { env, type Env } from "@/server/env";
import { processId } from "@/server/lease/process-id";
import { countedStorage } from "./counted-storage";
import { LocalStorage } from "./local-storage";
import type { S3StorageConfig } from "./s3-storage";
import type { Storage } from "./storage";

export * from "./storage";

export type StorageConfig = { driver: "local"; root: string } | ({ driver: "s3" } & S3StorageConfig);

/** STORAGE_DRIVER=local (default: files under DATA_DIR/storage) or s3 (S3_* variables). */
export function storageConfigFromEnv(e: Env = env()): StorageConfig {
  if (e.STORAGE_DRIVER === "local") return { driver: "local", root: path.join(e.dataDir, "storage") };
  if (!e.S3_BUCKET) throw new Error("STORAGE_DRIVER=s3 needs S3_BUCKET");
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw new Error("set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither");
  return {
    driver: "s3",
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    tmpDir: path.join(e.dataDir, "tmp", "s3"),
  };
}

/** The storage `config` names, its failures counted (counted-storage.ts). */
export async function createStorage(config: StorageConfig): Promise<Storage> {
  if (config.driver === "local") return countedStorage(new LocalStorage(config.root, processId()));
  // Loaded only when used: the AWS SDK takes ~0.4 s to load, which the embedded default need not pay.
  const { S3Storage } = await import("./s3-storage");
  return countedStorage(new S3Storage({ tempOwner: processId(), ...config }));
}

// One instance per process (Next may load this module in several chunks), like the database handle.
const slot = globalThis as unknown as { __kinoraStorage?: Promise<Storage> };

export function getStorage(): Promise<Storage> {
  slot.__kinoraStorage ??= createStorage(storageConfigFromEnv()).catch((err: unknown) => {
    slot.__kinoraStorage = undefined;
    throw err;
  });
  return slot.__kinoraStorage;
}

export async function closeStorage(): Promise<void> {
  const storage = slot.__kinoraStorage;
  slot.__kinoraStorage = undefined;
  if (storage) await (await storage).close();
}

/**
 * Where this process keeps its media, as the other nodes can compare it (ClusterNode.storage): the
 * bucket, or the id kept in the local storage directory (written there the first time), so nodes that
 * share one directory (one machine, or a network mount) name the same storage and nodes with
 * directories of their own do not. Storage keys never start with a dot: the id file is no object.
 */
export async function storageIdentity(config: StorageConfig = storageConfigFromEnv()): Promise<string> {
  if (config.driver === "s3") return `s3:${config.endpoint ?? "aws"}/${config.bucket}`;
  const file = path.join(config.root, ".kinora-storage-id");
  await mkdir(config.root, { recursive: true });
  // written once (exclusive create): processes starting together all read the first one's id
  await writeFile(file, `${randomUUID()}\n`, { flag: "wx" }).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== "EEXIST") throw err;
  });
  return `local:${(await readFile(file, "utf8")).trim()}`;
}
