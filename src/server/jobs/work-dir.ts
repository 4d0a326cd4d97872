import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { env } from "@/server/env";

/** Where the attempts of jobs keep their outputs until they are moved into storage. */
export const jobWorkRoot = () => path.join(env().dataDir, "tmp", "jobs");

/** `<jobId>-<attempt>-<pid>`: the PID tells a later worker on this machine whether its owner is alive. */
const workDirName = (jobId: string, attempt: number) => `${jobId}-${attempt}-${process.pid}`;

/** The PID in a work directory's name, if any. */
export const workDirOwner = (name: string): number | undefined => {
  const m = /-(\d+)$/.exec(name);
  return m ? Number(m[1]) : undefined;
};

// ffmpeg children of this process: killed when it exits (a graceful stop, or a fatal error), so no
// orphan keeps encoding. After kill -9 they die on their next progress write to the closed pipe
// (SIGPIPE), and write only into their attempt's own directory, which nothing reads.
const children = new Set<number>();
let exitHook = false;
function trackChild(pid: number): void {
  children.add(pid);
  if (!exitHook) {
    exitHook = true;
    process.on("exit", () => {
      for (const p of children) {
        try {
          process.kill(p, "SIGKILL");
        } catch {
          // already gone
        }
      }
    });
  }
}

/**
 * Runs one attempt of a media job in its own directory (removed afterwards): an orphan ffmpeg of a
 * crashed attempt can never write into this one; those of earlier attempts are dead (crashed, or their
 * lease expired) and go now. `onSpawn` tracks the attempt's ffmpeg runs (killed if this process exits).
 */
export async function withAttemptDir<T>(
  jobId: string,
  attempt: number,
  fn: (workDir: string, onSpawn: (pid: number) => void) => Promise<T>,
): Promise<T> {
  const name = workDirName(jobId, attempt);
  for (const entry of await readdir(jobWorkRoot()).catch(() => [] as string[]))
    if (entry.startsWith(`${jobId}-`) && entry !== name) await rm(path.join(jobWorkRoot(), entry), { recursive: true, force: true });
  const workDir = path.join(jobWorkRoot(), name);
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  const mine: number[] = [];
  try {
    return await fn(workDir, (pid) => {
      mine.push(pid);
      trackChild(pid);
    });
  } finally {
    for (const pid of mine) children.delete(pid); // every run has exited by now
    await rm(workDir, { recursive: true, force: true });
  }
}
