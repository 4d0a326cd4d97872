// A job worker process (`npm run worker`: scripts/worker.ts) for PostgreSQL test runs, sharing a
// test server's database and DATA_DIR.
import { spawn } from "node:child_process";
import path from "node:path";
import { shortLivedNodeFlags } from "./short-lived-node";

export interface WorkerProcess {
  pid: number;
  stop(): Promise<void>;
  output(): string;
}

export async function startWorkerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  const root = process.cwd();
  const child = spawn(process.execPath, [...shortLivedNodeFlags(), "--import", "tsx", path.join(root, "scripts/worker.ts")], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true", ...env }, // as a test server's
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 60_000;
  while (!out.includes("worker ready")) {
    if (child.exitCode !== null) throw new Error(`worker exited (${child.exitCode}):\n${out}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`worker not ready in 60 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    pid: child.pid!,
    output: () => out,
    stop: () =>
      child.exitCode !== null
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
            child.once("exit", () => {
              clearTimeout(timer);
              resolve();
            });
            child.kill("SIGTERM");
          }),
  };
}
