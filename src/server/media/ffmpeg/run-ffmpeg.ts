import { spawn, spawnSync } from "node:child_process";
import { stderrHint } from "./probe-args";
import { MediaError } from "./media-error";

/**
 * Runs ffmpeg/ffprobe under limits: a wall-time SIGKILL (by the child's PID), an address-space limit
 * (RLIMIT_AS via util-linux `prlimit`, which execs the tool so the PID is ffmpeg's own; `ulimit -v`
 * through `sh -c '... exec'` where prlimit is missing), cancellation by AbortSignal, a minimal
 * environment (no application secrets), stderr tail kept for the failure reason, and `-progress
 * pipe:1` parsed into a percent of the known duration.
 */

export interface RunLimits {
  timeoutMs: number;
  /** RLIMIT_AS in MiB. A 4-rung 1080p ladder peaked at ~1.3 GB of address space here (~0.5 GB resident). */
  memoryLimitMb: number;
  signal?: AbortSignal;
  /** Called with the child's PID (ffmpeg's own: prlimit and the sh fallback exec it). */
  onSpawn?: (pid: number) => void;
}

export interface RunFfmpegOptions extends RunLimits {
  /** Called with 0, then increasing integer percents, then 100 on success. Needs durationSeconds. */
  onProgress?: (percent: number) => void;
  /** Media time the run will produce (the preview: at most 15 s), for the percent. */
  durationSeconds?: number;
}

export interface RunResult {
  stdout: string;
  stderr: string;
  elapsedMs: number;
}

const STDERR_TAIL = 16 * 1024;
const STDOUT_MAX = 8 * 1024 * 1024;

const available = new Map<string, boolean>();
function has(tool: "prlimit" | "setpriv"): boolean {
  if (!available.has(tool)) available.set(tool, spawnSync(tool, ["--version"], { stdio: "ignore" }).status === 0);
  return available.get(tool)!;
}

/**
 * The command line with the memory limit applied, and (util-linux setpriv) SIGKILL for ffmpeg when
 * this process dies: ffmpeg ignores SIGPIPE, so after a kill -9 of the server an orphan would go on
 * encoding into a work directory the retry has already cleared. Each wrapper execs the next, so the
 * PID is ffmpeg's own (a kill hits ffmpeg itself).
 */
export function limitedCommand(binary: string, args: string[], memoryLimitMb: number): [string, string[]] {
  const bytes = Math.floor(memoryLimitMb * 1024 * 1024);
  const [cmd, argv]: [string, string[]] = has("prlimit")
    ? ["prlimit", [`--as=${bytes}`, "--", binary, ...args]]
    : ["sh", ["-c", `ulimit -v ${Math.floor(bytes / 1024)} && exec "$0" "$@"`, binary, ...args]];
  return has("setpriv") ? ["setpriv", ["--pdeathsig", "KILL", "--", cmd, ...argv]] : [cmd, argv];
}

const MEMORY_PATTERNS =
  /Cannot allocate memory|malloc of size \d+ failed|failed to map segment|Out of memory|std::bad_alloc|cannot allocate/i;
const UNREADABLE_PATTERNS =
  /Invalid data found when processing input|moov atom not found|partial file|corrupt input packet|End of file|Invalid NAL unit|error while decoding/i;

/** Runs `binary` with limits; resolves on exit code 0, rejects with a MediaError otherwise. */
export function runLimited(
  binary: string,
  args: string[],
  o: RunLimits & { onStdout?: (chunk: string) => void; keepStdout?: boolean },
): Promise<RunResult> {
  if (o.signal?.aborted) return Promise.reject(new MediaError("cancelled", "Processing was cancelled."));
  const [cmd, argv] = limitedCommand(binary, args, o.memoryLimitMb);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, {
      stdio: ["ignore", "pipe", "pipe"],
      // No application secrets in ffmpeg's environment; two malloc arenas keep the address space close to real use.
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C", MALLOC_ARENA_MAX: "2" } as unknown as NodeJS.ProcessEnv,
    });
    if (child.pid !== undefined) o.onSpawn?.(child.pid);
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    let cancelled = false;
    const kill = () => {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, o.timeoutMs);
    const onAbort = () => {
      cancelled = true;
      kill();
    };
    o.signal?.addEventListener("abort", onAbort, { once: true });
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      if (o.keepStdout && stdout.length < STDOUT_MAX) stdout += d;
      o.onStdout?.(d);
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr = (stderr + d).slice(-STDERR_TAIL);
    });
    const finish = (err: MediaError | null) => {
      clearTimeout(timer);
      o.signal?.removeEventListener("abort", onAbort);
      if (err) reject(err);
      else resolve({ stdout, stderr, elapsedMs: Date.now() - started });
    };
    child.on("error", (e) => finish(new MediaError("failed", `${binary} could not be started.`, String(e))));
    child.on("close", (code, signal) => {
      if (cancelled) return finish(new MediaError("cancelled", "Processing was cancelled.", stderr));
      if (timedOut)
        return finish(
          new MediaError("timeout", `Processing took longer than the limit of ${Number((o.timeoutMs / 1000).toFixed(1))} s.`, stderr),
        );
      if (code === 0) return finish(null);
      if (MEMORY_PATTERNS.test(stderr))
        return finish(new MediaError("memory", "The video needs more memory to process than we allow.", stderr));
      if (UNREADABLE_PATTERNS.test(stderr))
        return finish(new MediaError("unreadable", `The file could not be read as a video (${stderrHint(stderr)}).`, stderr));
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      finish(new MediaError("failed", `Processing failed: ${binary} ${how} (${stderrHint(stderr)}).`, stderr));
    });
  });
}

/** Parses `-progress pipe:1` output into percents of `durationSeconds`. */
export function progressParser(durationSeconds: number, emit: (percent: number) => void): (chunk: string) => void {
  let buffer = "";
  let last = -1;
  const report = (p: number) => {
    if (p > last) {
      last = p;
      emit(p);
    }
  };
  report(0);
  return (chunk) => {
    buffer += chunk;
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const line of lines) {
      const m = /^out_time_us=(\d+)/.exec(line.trim());
      if (m && durationSeconds > 0) report(Math.min(99, Math.floor((Number(m[1]) / 1e6 / durationSeconds) * 100)));
    }
  };
}

/** Runs ffmpeg with `args` (from the builders) under the limits, reporting progress. */
export async function runFfmpeg(args: string[], o: RunFfmpegOptions): Promise<RunResult> {
  const onStdout = o.onProgress ? progressParser(o.durationSeconds ?? 0, o.onProgress) : undefined;
  const result = await runLimited("ffmpeg", args, { ...o, ...(onStdout ? { onStdout } : {}) });
  o.onProgress?.(100);
  return result;
}
