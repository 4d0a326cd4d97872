// The ffmpeg runner: the wall-time limit kills ffmpeg itself (by PID), the address-space limit is
// applied to ffmpeg and reported as a memory failure, AbortSignal cancels, progress goes 0 -> 100.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { MediaError } from "@/server/media/ffmpeg/media-error";
import { runFfmpeg } from "@/server/media/ffmpeg/run-ffmpeg";

/** An endless synthetic input: only the runner's limits stop it. */
const endless = [
  "-hide_banner",
  "-nostdin",
  "-loglevel",
  "error",
  "-nostats",
  "-progress",
  "pipe:1",
  "-f",
  "lavfi",
  "-i",
  "testsrc2=size=320x240:rate=25",
  "-f",
  "null",
  "-",
];

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function failure(p: Promise<unknown>): Promise<MediaError> {
  const e = await p.then(
    () => assert.fail("expected a failure"),
    (err: unknown) => err,
  );
  assert.ok(e instanceof MediaError, String(e));
  return e;
}

test("timeout: ffmpeg itself (prlimit execs it) is SIGKILLed at the wall-time limit", async () => {
  let pid = 0;
  let comm = "";
  let limits = "";
  const started = Date.now();
  const e = await failure(
    runFfmpeg(endless, {
      timeoutMs: 1500,
      memoryLimitMb: 1024,
      onSpawn: (p) => {
        pid = p;
        setTimeout(() => {
          comm = readFileSync(`/proc/${p}/comm`, "utf8").trim();
          limits = readFileSync(`/proc/${p}/limits`, "utf8");
        }, 500);
      },
    }),
  );
  assert.equal(e.kind, "timeout");
  assert.match(e.reason, /longer than the limit of 1\.5 s/);
  assert.ok(Date.now() - started < 5000, "killed promptly");
  assert.equal(comm, "ffmpeg", "the PID we kill is ffmpeg's, not a wrapper's");
  assert.match(limits, new RegExp(`Max address space\\s+${1024 * 1024 * 1024}\\s+${1024 * 1024 * 1024}`));
  assert.equal(alive(pid), false);
});

test("memory: an encode over the address-space limit fails as a memory failure", async () => {
  const args = [
    "-hide_banner",
    "-nostdin",
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=1920x1080:rate=30:duration=1",
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-threads",
    "2",
    "-f",
    "null",
    "-",
  ];
  const e = await failure(runFfmpeg(args, { timeoutMs: 30_000, memoryLimitMb: 400 }));
  assert.equal(e.kind, "memory", e.message);
  assert.equal(e.reason, "The video needs more memory to process than we allow.");
  await runFfmpeg(args, { timeoutMs: 60_000, memoryLimitMb: 1024 }); // the same run fits in 1 GiB
});

test("cancellation: aborting the signal kills ffmpeg; an aborted signal never starts it", async () => {
  const ac = new AbortController();
  let pid = 0;
  setTimeout(() => ac.abort(), 400);
  const e = await failure(runFfmpeg(endless, { timeoutMs: 20_000, memoryLimitMb: 1024, signal: ac.signal, onSpawn: (p) => (pid = p) }));
  assert.equal(e.kind, "cancelled");
  assert.ok(pid > 0 && !alive(pid));
  let spawned = false;
  const again = await failure(
    runFfmpeg(endless, { timeoutMs: 20_000, memoryLimitMb: 1024, signal: ac.signal, onSpawn: () => (spawned = true) }),
  );
  assert.equal(again.kind, "cancelled");
  assert.equal(spawned, false);
});

test("progress: 0 first, increasing, 100 at the end", async () => {
  const seen: number[] = [];
  const args = [
    "-hide_banner",
    "-nostdin",
    "-loglevel",
    "error",
    "-nostats",
    "-progress",
    "pipe:1",
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=320x240:rate=25:duration=4",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-f",
    "null",
    "-",
  ];
  await runFfmpeg(args, { timeoutMs: 30_000, memoryLimitMb: 1024, durationSeconds: 4, onProgress: (p) => seen.push(p) });
  assert.equal(seen[0], 0);
  assert.equal(seen.at(-1), 100);
  assert.ok(
    seen.every((p, i) => i === 0 || p > seen[i - 1]!),
    seen.join(","),
  );
});

test("a failing run keeps ffmpeg's own message as the reason", async () => {
  const e = await failure(
    runFfmpeg(["-hide_banner", "-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "nosuchfilter", "-f", "null", "-"], {
      timeoutMs: 10_000,
      memoryLimitMb: 1024,
    }),
  );
  assert.equal(e.kind, "failed");
  assert.match(e.reason, /ffmpeg exited with code \d+ \(.*No such filter/);
});

test("kill -9 of the process that ran ffmpeg: ffmpeg dies with it (it ignores SIGPIPE, so nothing else would stop it)", async () => {
  // a separate Node process runs ffmpeg through the runner, reports its PID, and is then SIGKILLed
  const dir = mkdtempSync(path.join(os.tmpdir(), "kinora-orphan-"));
  const script = path.join(dir, "run.ts");
  const options = "{ timeoutMs: 60_000, memoryLimitMb: 1024, onSpawn: (p: number) => console.log(`PID ${p}`) }";
  writeFileSync(
    script,
    `import { runFfmpeg } from "@/server/media/ffmpeg/run-ffmpeg";\nrunFfmpeg(${JSON.stringify(endless)}, ${options}).catch(() => {});\n`,
  );
  const parent = spawn(process.execPath, ["--import", "tsx", script], { stdio: ["ignore", "pipe", "inherit"] });
  const pid = await new Promise<number>((resolve, reject) => {
    parent.stdout.setEncoding("utf8").on("data", (d: string) => {
      const m = /PID (\d+)/.exec(d);
      if (m) resolve(Number(m[1]));
    });
    parent.on("exit", () => reject(new Error("the runner process exited before starting ffmpeg")));
  });
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(alive(pid), true, "ffmpeg runs");
  parent.kill("SIGKILL");
  const deadline = Date.now() + 5000;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  // a zombie not yet reaped by init counts as gone: it runs no more
  const state = alive(pid) ? (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1] ?? "").charAt(0) : "gone";
  rmSync(dir, { recursive: true, force: true });
  assert.ok(state === "gone" || state === "Z", `ffmpeg ${pid} still running (state ${state})`);
});
