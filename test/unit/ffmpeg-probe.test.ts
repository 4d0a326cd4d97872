// ffprobe through our runner on fixtures made by ffmpeg: typed summaries, clear reasons for broken
// files, and the smuggling tricks (HLS playlist or concat list named .mp4, the AVI GAB2/HLS trick)
// refused before anything outside the upload is opened.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { buildProbeArgs } from "@/server/media/ffmpeg/probe-args";
import { planHls } from "@/server/media/ffmpeg/hls-plan";
import { remuxArgs } from "@/server/media/ffmpeg/hls-args";
import { MediaError } from "@/server/media/ffmpeg/media-error";
import { probeMedia } from "@/server/media/ffmpeg/probe-media";
import { runFfmpeg } from "@/server/media/ffmpeg/run-ffmpeg";
import * as fx from "../support/media-fixtures";

let dir: string;
let mp4: string;
let canary: string;
before(() => {
  dir = fx.makeMediaDir("kinora-probe-");
  mp4 = fx.makeH264AacMp4(dir, { durationSeconds: 3, faststart: false });
  canary = fx.makeCanarySegment(dir);
});
after(() => rmSync(dir, { recursive: true, force: true }));

const hasStrace = spawnSync("strace", ["-o", "/dev/null", "true"]).status === 0;

/** Files a command opened (strace), or null when strace is unavailable. */
function openedFiles(cmd: string, args: string[]): string[] {
  const log = path.join(dir, `strace-${Date.now()}-${Math.random().toString(36).slice(2)}.log`);
  spawnSync("strace", ["-f", "-qq", "-e", "trace=open,openat,openat2", "-o", log, cmd, ...args], { encoding: "utf8", timeout: 30_000 });
  const text = readFileSync(log, "utf8");
  return [...text.matchAll(/open(?:at2?)?\((?:AT_FDCWD, )?"([^"]+)"/g)].map((m) => m[1]!);
}

const rejectsWith = async (p: Promise<unknown>, kind: MediaError["kind"], reason: RegExp) => {
  const e = await p.then(
    () => assert.fail("expected a MediaError"),
    (err: unknown) => err,
  );
  assert.ok(e instanceof MediaError, String(e));
  assert.equal(e.kind, kind, e.message);
  assert.match(e.reason, reason);
  assert.doesNotMatch(`${e.reason}\n${e.detail}`, /root:x:/);
  return e;
};

test("probe: H.264/AAC MP4", async () => {
  const p = await probeMedia(mp4);
  assert.equal(p.demuxer, "mov");
  assert.ok(Math.abs(p.durationSeconds - 3) < 0.1, String(p.durationSeconds));
  assert.ok(p.sizeBytes > 0);
  assert.deepEqual([p.video?.codec, p.video?.width, p.video?.height, p.video?.fps, p.video?.pixFmt], ["h264", 640, 360, 30, "yuv420p"]);
  assert.ok(p.video?.profile && p.video.level);
  assert.deepEqual([p.audio?.codec, p.audio?.sampleRate, p.audio?.profile], ["aac", 48000, "LC"]);
  assert.equal(planHls(p).fastPath, "remux");
});

test("probe: VP9/Opus WebM takes the lowest-rung path", async () => {
  const p = await probeMedia(fx.makeVp9OpusWebm(dir, { durationSeconds: 2 }));
  assert.equal(p.demuxer, "matroska");
  assert.deepEqual([p.video?.codec, p.video?.width, p.video?.height, p.audio?.codec], ["vp9", 320, 240, "opus"]);
  assert.equal(planHls(p).fastPath, "lowest-rung");
});

test("probe: a rotated phone clip reports its display size", async () => {
  const p = await probeMedia(
    fx.makeH264AacMp4(dir, { durationSeconds: 1, width: 320, height: 240, rotate: 90, audio: false, name: "rotated.mp4" }),
  );
  assert.ok(p.video?.rotation === 90 || p.video?.rotation === 270);
  assert.deepEqual([p.video?.displayWidth, p.video?.displayHeight], [240, 320]);
  assert.equal(planHls(p).fastPath, "lowest-rung");
});

test("probe: a cut-short upload and a file that is not media fail with a reason", async () => {
  await rejectsWith(
    probeMedia(fx.makeTruncated(dir, mp4, 16 * 1024)),
    "unreadable",
    /could not be read as a video \(.*moov atom not found/,
  );
  await rejectsWith(probeMedia(fx.makeNotMedia(dir)), "unreadable", /could not be read as a video/);
  await rejectsWith(probeMedia(path.join(dir, "missing.mp4")), "unreadable", /No such file or directory/);
});

test("smuggled HLS playlist named .mp4 (file:///etc/passwd) is refused as a playlist", async () => {
  const evil = fx.makeSmuggledHlsPlaylist(dir);
  await rejectsWith(probeMedia(evil), "unsupported", /HLS playlist/);
});

test("smuggled playlist pointing at another owner's upload: plain ffprobe follows it, ours refuses", async () => {
  const evil = fx.makeSmuggledHlsPlaylist(dir, { name: "mine.mp4", targets: [canary] });
  // The attack is live against ffmpeg's defaults, protocol whitelist included: the canary's stream shows up.
  const plain = spawnSync(
    "ffprobe",
    ["-v", "error", "-protocol_whitelist", "file", "-show_entries", "format=format_name:stream=width", "-of", "compact", evil],
    { encoding: "utf8" },
  );
  assert.match(plain.stdout, /format_name=hls/);
  assert.match(plain.stdout, /width=160/);
  await rejectsWith(probeMedia(evil), "unsupported", /HLS playlist \(hls\)/);
});

test("smuggled concat list is refused", async () => {
  await rejectsWith(probeMedia(fx.makeSmuggledConcat(dir)), "unsupported", /concat list/);
});

test("AVI GAB2/HLS trick: the nested playlist is not followed; no video, so the plan refuses it", async () => {
  const avi = fx.makeAviHlsTrick(dir, { extraTargets: [canary] });
  const p = await probeMedia(avi);
  assert.equal(p.demuxer, "avi");
  assert.equal(p.video, undefined);
  assert.throws(
    () => planHls(p),
    (e: MediaError) => e.kind === "unsupported" && /no video stream/.test(e.reason),
  );
});

test("forcing the probed demuxer: a playlist passed off as MP4 fails as a broken MP4", async () => {
  const evil = fx.makeSmuggledHlsPlaylist(dir, { name: "forced.mp4", targets: [canary] });
  const probe = { ...(await probeMedia(mp4)), formatName: "mov,mp4,m4a,3gp,3g2,mj2", demuxer: "mov" };
  const out = fx.makeMediaDir("kinora-forced-");
  try {
    await rejectsWith(
      runFfmpeg(remuxArgs(evil, probe, out), { timeoutMs: 20_000, memoryLimitMb: 1024 }),
      "unreadable",
      /moov atom not found|Invalid data/,
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test(
  "strace: with our arguments neither /etc/passwd nor another owner's file is ever opened",
  { skip: !hasStrace && "strace not installed" },
  () => {
    const targets = [fx.SMUGGLED_TARGET, canary];
    const cases = [
      fx.makeSmuggledHlsPlaylist(dir, { name: "s1.mp4" }),
      fx.makeSmuggledHlsPlaylist(dir, { name: "s2.mp4", targets: [canary] }),
      fx.makeSmuggledConcat(dir, "s3.mp4"),
      fx.makeAviHlsTrick(dir, { name: "s4.avi", extraTargets: [canary] }),
    ];
    // Control: unguarded ffprobe does open the canary through the playlist (so the trace would show it).
    assert.ok(
      openedFiles("ffprobe", ["-v", "quiet", cases[1]!]).some((f) => f.endsWith(path.basename(canary))),
      "control run opens the canary",
    );
    for (const file of cases) {
      const opened = openedFiles("ffprobe", buildProbeArgs(file));
      assert.ok(
        opened.some((f) => f.endsWith(path.basename(file))),
        "the upload itself is read",
      );
      for (const t of targets)
        assert.ok(!opened.some((f) => f.endsWith(path.basename(t)) && f !== file), `${path.basename(file)} opened ${t}`);
    }
  },
);
