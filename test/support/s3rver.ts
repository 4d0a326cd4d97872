// An S3-compatible server for the tests of the S3 storage (why this one: test/integration/storage-contract.test.ts).
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export interface S3rver {
  endpoint: string;
  stop(): Promise<void>;
}

/** An S3-compatible server (@20minutes/s3rver) on a free loopback port, in a child process, with one bucket. */
export async function startS3rver(directory: string, bucket: string): Promise<S3rver> {
  const script = `
    const S3rver = require("@20minutes/s3rver");
    const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: process.env.S3RVER_DIR,
      allowMismatchedSignatures: true, configureBuckets: [{ name: process.env.S3RVER_BUCKET }] });
    server.run().then(({ port }) => console.log("S3RVER_READY " + port), (err) => { console.error(err); process.exit(1); });`;
  const child = spawn(process.execPath, ["-e", script], {
    cwd: root,
    env: { ...process.env, S3RVER_DIR: directory, S3RVER_BUCKET: bucket },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start:\n${output}`)), 15_000);
    child.stdout!.on("data", (d: Buffer) => {
      output += d.toString();
      const m = /S3RVER_READY (\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
    child.on("exit", (code) => reject(new Error(`s3rver exited (${code}):\n${output}`)));
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** A server's storage variables for `bucket` of `s3` (path-style URLs, s3rver's fixed credentials). */
export const s3StorageEnv = (s3: S3rver, bucket: string) => ({
  STORAGE_DRIVER: "s3",
  S3_ENDPOINT: s3.endpoint,
  S3_BUCKET: bucket,
  S3_FORCE_PATH_STYLE: "true",
  S3_ACCESS_KEY_ID: "S3RVER",
  S3_SECRET_ACCESS_KEY: "S3RVER",
});
