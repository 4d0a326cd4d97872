// Shared by the benchmarks of several nodes (cluster-invalidation, live-across-nodes, sizing): one
// instance on PostgreSQL (a database of its own) and one S3 bucket (s3rver on loopback), nodes started
// with their own KINORA_ROLES and DATA_DIR, and everything stopped again.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { s3StorageEnv, startS3rver } from "../test/support/s3rver";
import { startKinora, type Kinora } from "../test/support/server";
import { preparePostgres } from "../scripts/test-postgres";

export interface BenchCluster {
  /** What every node is given: the database, the bucket, no SMTP, and `extra`. */
  shared: Record<string, string>;
  /** A node with `env` besides the shared variables (`readyLine`: what it prints when ready, for nodes without the web role). */
  start(env: Record<string, string>, readyLine?: RegExp): Promise<Kinora>;
  /** Stops the nodes (last started first), the bucket and the database. */
  stop(): Promise<void>;
}

export async function startBenchCluster(extra: Record<string, string> = {}): Promise<BenchCluster> {
  const s3 = await startS3rver(mkdtempSync(path.join(os.tmpdir(), "kinora-bench-s3-")), "media");
  const db = await preparePostgres();
  const shared = { DATABASE_URL: db.url, ...s3StorageEnv(s3, "media"), SMTP_URL: "", ...extra };
  const nodes: Kinora[] = [];
  return {
    shared,
    async start(env, readyLine) {
      const node = await startKinora({ ...shared, ...env }, readyLine ? { readyLine } : {});
      nodes.push(node);
      return node;
    },
    async stop() {
      for (const node of nodes.reverse()) await node.stop();
      await s3.stop();
      await db.drop();
    },
  };
}
