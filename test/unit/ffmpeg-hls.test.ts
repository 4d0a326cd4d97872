// The media operations on short clips made by ffmpeg: remux to a playable HLS, the one-process ladder
// with aligned segments and a complete master playlist, the lowest rung first for VP9, the 15-second
// preview, the poster, and a cut-short upload failing with a reason. Prints the measured speeds.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, test, type TestContext } from "node:test";
import { planHls } from "@/server/media/ffmpeg/hls-plan";
import { MediaError } from "@/server/media/ffmpeg/media-error";
import { parseMasterPlaylist, parseMediaPlaylist } from "@/server/media/ffmpeg/playlists";
import { probeMedia } from "@/server/media/ffmpeg/probe-media";
import {
  cutPreview,
  encodeLadder,
  encodeLowestRung,
  encodePreview,
  extractPoster,
  remuxToHls,
  takeRungStart,
} from "@/server/media/ffmpeg/process-media";
import type { ProbeSummary } from "@/server/media/ffmpeg/types";
import * as fx from "../support/media-fixtures";

let dir: string;
let src720: string;
let probe720: ProbeSummary;
const SECONDS = 6;

before(async () => {
  dir = fx.makeMediaDir("kinora-hls-");
  src720 = fx.makeH264AacMp4(dir, { durationSeconds: SECONDS, width: 1280, height: 720, keyframeSeconds: 2 });
  probe720 = await probeMedia(src720);
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** What ffprobe (trusted here: our own output) sees when it plays a playlist. */
function ffprobePlaylist(playlist: string) {
  const r = spawnSync("ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", playlist], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  const j = JSON.parse(r.stdout) as {
    format: { duration: string };
    streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number }>;
  };
  return {
    duration: Number(j.format.duration),
    video: j.streams.find((s) => s.codec_type === "video"),
    audio: j.streams.find((s) => s.codec_type === "audio"),
  };
}

const speed = (t: TestContext, label: string, mediaSeconds: number, elapsedMs: number) =>
  t.diagnostic(
    `speed ${label}: ${mediaSeconds.toFixed(1)} s of media in ${(elapsedMs / 1000).toFixed(2)} s = ${(mediaSeconds / (elapsedMs / 1000)).toFixed(1)}x real time`,
  );

const monotonic = (seen: number[]) => seen[0] === 0 && seen.at(-1) === 100 && seen.every((p, i) => i === 0 || p > seen[i - 1]!);

test("remux: H.264/AAC copied to a playable HLS with ~duration/4 segments and a complete master", async (t) => {
  const plan = planHls(probe720);
  assert.equal(plan.fastPath, "remux");
  const seen: number[] = [];
  const out = await remuxToHls(src720, probe720, plan, path.join(dir, "remux"), { onProgress: (p) => seen.push(p) });
  speed(t, "remux 720p", SECONDS, out.elapsedMs);
  assert.ok(monotonic(seen), seen.join(","));
  const r = out.renditions[0]!;
  assert.equal(r.segments, Math.ceil(SECONDS / 4));
  assert.ok(Math.abs(r.durationSeconds - SECONDS) < 0.2);
  const played = ffprobePlaylist(path.join(out.dir, out.master));
  assert.ok(Math.abs(played.duration - SECONDS) < 0.3, String(played.duration));
  assert.deepEqual(
    [played.video?.codec_name, played.video?.width, played.video?.height, played.audio?.codec_name],
    ["h264", 1280, 720, "aac"],
  );
  const [variant] = parseMasterPlaylist(readFileSync(path.join(out.dir, out.master), "utf8"));
  assert.equal(variant?.attributes.RESOLUTION, "1280x720");
  assert.equal(variant?.attributes.CODECS, plan.remuxCodecs);
  assert.ok(Number(variant?.attributes.BANDWIDTH) > 0);
  assert.doesNotMatch(readFileSync(path.join(out.dir, "index.m3u8"), "utf8"), /\//, "segment names are relative");
});

test("ladder: one process gives 720/480/360 with aligned segments and BANDWIDTH, RESOLUTION, CODECS", async (t) => {
  const plan = planHls(probe720);
  const seen: number[] = [];
  const out = await encodeLadder(src720, probe720, plan, path.join(dir, "ladder"), { onProgress: (p) => seen.push(p) });
  speed(t, "ladder 720/480/360", SECONDS, out.elapsedMs);
  assert.ok(monotonic(seen), seen.join(","));
  t.diagnostic(`master playlist: ${out.masterRewritten ? "ours (ffmpeg's lacked an attribute or under-announced BANDWIDTH)" : "ffmpeg's"}`);
  assert.deepEqual(
    out.renditions.map((r) => `${r.name}:${r.width}x${r.height}`),
    ["720p:1280x720", "480p:854x480", "360p:640x360"],
  );
  const durations = out.renditions.map((r) =>
    parseMediaPlaylist(readFileSync(path.join(out.dir, r.playlist), "utf8"))
      .segments.map((s) => s.durationSeconds.toFixed(2))
      .join(" "),
  );
  assert.equal(new Set(durations).size, 1, `segments differ across rungs: ${durations.join(" / ")}`);
  assert.equal(durations[0], "4.00 2.00");
  const master = parseMasterPlaylist(readFileSync(path.join(out.dir, out.master), "utf8"));
  assert.deepEqual(
    master.map((v) => v.uri),
    ["720p/index.m3u8", "480p/index.m3u8", "360p/index.m3u8"],
  );
  for (const [i, v] of master.entries()) {
    const rung = plan.rungs[i]!;
    assert.equal(v.attributes.RESOLUTION, `${rung.width}x${rung.height}`);
    assert.equal(v.attributes.CODECS, rung.codecs);
    assert.ok(Number(v.attributes.BANDWIDTH) >= out.renditions[i]!.averageBandwidth, "BANDWIDTH at least the average");
    const played = ffprobePlaylist(path.join(out.dir, v.uri));
    assert.deepEqual([played.video?.width, played.video?.height, played.audio?.codec_name], [rung.width, rung.height, "aac"]);
  }
});

test("VP9/Opus: the lowest rung comes first", async (t) => {
  const webm = fx.makeVp9OpusWebm(dir, { durationSeconds: 3, width: 640, height: 360 });
  const probe = await probeMedia(webm);
  const plan = planHls(probe);
  assert.equal(plan.fastPath, "lowest-rung");
  const out = await encodeLowestRung(webm, probe, plan, path.join(dir, "lowest"));
  speed(t, "lowest rung from VP9 360p", probe.durationSeconds, out.elapsedMs);
  assert.deepEqual(
    out.renditions.map((r) => r.name),
    ["360p"],
  );
  const played = ffprobePlaylist(path.join(out.dir, out.master));
  assert.deepEqual([played.video?.codec_name, played.video?.height, played.audio?.codec_name], ["h264", 360, "aac"]);
});

test("rotated phone clip: the lowest rung is upright", async () => {
  const clip = fx.makeH264AacMp4(dir, { durationSeconds: 2, width: 320, height: 240, rotate: 90, name: "portrait.mp4" });
  const probe = await probeMedia(clip);
  const plan = planHls(probe);
  const out = await encodeLowestRung(clip, probe, plan, path.join(dir, "rotated"));
  const played = ffprobePlaylist(path.join(out.dir, out.renditions[0]!.playlist));
  assert.deepEqual([played.video?.width, played.video?.height], [240, 320]);
});

test("preview: the first 15 seconds at the small rung, in its own playlist", async () => {
  const long = fx.makeH264AacMp4(dir, { durationSeconds: 20, width: 320, height: 180, fps: 15, name: "long.mp4" });
  const probe = await probeMedia(long);
  const out = await encodePreview(long, probe, planHls(probe), path.join(dir, "preview"));
  assert.equal(out.renditions[0]!.playlist, "preview/index.m3u8");
  const played = ffprobePlaylist(path.join(out.dir, "preview/index.m3u8"));
  assert.ok(played.duration <= 15.1 && played.duration >= 14.5, String(played.duration));
});

test("preview cut from the lowest rung: its first 15 seconds copied, same size and codecs, no encode", async (t) => {
  const long = fx.makeH264AacMp4(dir, { durationSeconds: 22, width: 640, height: 360, fps: 15, name: "long-cut.mp4" });
  const probe = await probeMedia(long);
  const plan = planHls(probe);
  const rung = await encodeLowestRung(long, probe, plan, path.join(dir, "cut-rung"));
  const rungDir = path.join(rung.dir, plan.lowest.name);
  const start = await takeRungStart(rungDir, 15, path.join(dir, "cut-start.ts"));
  // 4 s segments: the first four cover 15 s; the rest of the rung is not taken
  const segments = parseMediaPlaylist(readFileSync(path.join(rungDir, "index.m3u8"), "utf8")).segments;
  const firstFour = segments.slice(0, 4).reduce((n, s) => n + readFileSync(path.join(rungDir, s.uri)).length, 0);
  assert.equal(readFileSync(start).length, firstFour);

  const seen: number[] = [];
  const out = await cutPreview(start, probe, plan, path.join(dir, "cut-preview"), { onProgress: (p) => seen.push(p) });
  speed(t, "preview cut", 15, out.elapsedMs);
  assert.equal(seen.at(-1), 100);
  const r = out.renditions[0]!;
  assert.equal(r.playlist, "preview/index.m3u8");
  assert.deepEqual([r.width, r.height, r.codecs], [plan.lowest.width, plan.lowest.height, plan.lowest.codecs]);
  const played = ffprobePlaylist(path.join(out.dir, "preview/index.m3u8"));
  // whole packets are kept: the last video frame and audio frame may end a little after 15 s
  assert.ok(played.duration <= 15.2 && played.duration >= 14.5, String(played.duration));
  assert.deepEqual([played.video?.codec_name, played.video?.width, played.video?.height], ["h264", plan.lowest.width, plan.lowest.height]);
  assert.equal(played.audio?.codec_name, "aac");
  // the master names the preview with BANDWIDTH, RESOLUTION and CODECS
  const master = parseMasterPlaylist(readFileSync(path.join(out.dir, out.master), "utf8"));
  assert.deepEqual(
    master.map((v) => [v.uri, Boolean(v.attributes.BANDWIDTH), v.attributes.RESOLUTION, Boolean(v.attributes.CODECS)]),
    [["preview/index.m3u8", true, `${plan.lowest.width}x${plan.lowest.height}`, true]],
  );
  // copied, not encoded: a small fraction of what encoding the same 15 s takes
  const encoded = await encodePreview(long, probe, plan, path.join(dir, "cut-encoded"));
  speed(t, "preview encode", 15, encoded.elapsedMs);
  assert.ok(out.elapsedMs < encoded.elapsedMs, `cut ${out.elapsedMs} ms, encode ${encoded.elapsedMs} ms`);
});

test("poster: one JPEG frame, scaled", async () => {
  const plan = planHls(probe720);
  const out = await extractPoster(src720, probe720, plan, path.join(dir, "poster", "poster.jpg"));
  const bytes = readFileSync(out.path);
  assert.deepEqual([...bytes.subarray(0, 3)], [0xff, 0xd8, 0xff], "JPEG magic");
  const r = spawnSync("ffprobe", ["-v", "error", "-show_entries", "stream=codec_name,width,height", "-of", "csv=p=0", out.path], {
    encoding: "utf8",
  });
  assert.equal(r.stdout.trim(), "mjpeg,1280,720");
  assert.deepEqual([out.width, out.height, out.mimeType], [1280, 720, "image/jpeg"]);
});

test("a cut-short upload whose index survived fails with a reason instead of a short video", async () => {
  const whole = fx.makeH264AacMp4(dir, { durationSeconds: 4, name: "whole.mp4" });
  const cut = fx.makeTruncated(dir, whole, 100 * 1024, "cut.mp4");
  const probe = await probeMedia(cut); // the moov atom is at the front: the probe still sees 4 s
  const seen: number[] = [];
  const e = await remuxToHls(cut, probe, planHls(probe), path.join(dir, "cut"), { onProgress: (p) => seen.push(p) }).then(
    () => assert.fail("expected a failure"),
    (err: unknown) => err,
  );
  assert.ok(e instanceof MediaError);
  assert.equal(e.kind, "unreadable");
  assert.match(e.reason, /cut short or damaged|could not be read/);
  assert.ok(!seen.includes(100), "no 100 % for a failed run");
});

test("outputs go to a fresh directory only", async () => {
  const used = path.join(dir, "used");
  mkdirSync(used);
  writeFileSync(path.join(used, "left-over.ts"), "");
  await assert.rejects(remuxToHls(src720, probe720, planHls(probe720), used), /not empty/);
});
