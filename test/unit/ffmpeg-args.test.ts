// ffmpeg argument builders and plans as pure functions: hardening on every input, the remux, the
// one-process ladder, preview, poster, probe parsing, codec strings and playlists. No ffmpeg runs here.
import assert from "node:assert/strict";
import { test } from "node:test";
import { avc1Codec, h264LevelFor, mp4aCodec } from "@/server/media/ffmpeg/codecs";
import { encodeArgs, keyframeExpr, ladderArgs, ladderFilter, lowestRungArgs, previewArgs, remuxArgs } from "@/server/media/ffmpeg/hls-args";
import { canRemux, ladderRungs, outputFps, planHls } from "@/server/media/ffmpeg/hls-plan";
import { ACCEPTED_DEMUXERS, demuxerForFormatName } from "@/server/media/ffmpeg/input-format";
import { MediaError } from "@/server/media/ffmpeg/media-error";
import { posterArgs, posterSeekSeconds } from "@/server/media/ffmpeg/poster-args";
import { buildProbeArgs, parseProbeOutput, parseRate, probeFailure } from "@/server/media/ffmpeg/probe-args";
import {
  buildMasterPlaylist,
  masterIsComplete,
  measureBandwidth,
  needsOwnMaster,
  parseMasterPlaylist,
  parseMediaPlaylist,
} from "@/server/media/ffmpeg/playlists";
import { limitedCommand, progressParser } from "@/server/media/ffmpeg/run-ffmpeg";
import type { ProbeSummary } from "@/server/media/ffmpeg/types";

const probeOf = (
  o: Partial<ProbeSummary> & { w?: number; h?: number; codec?: string; fps?: number; rotation?: number } = {},
): ProbeSummary => {
  const w = o.w ?? 1920;
  const h = o.h ?? 1080;
  const sideways = o.rotation === 90 || o.rotation === 270;
  return {
    durationSeconds: 60,
    sizeBytes: 1_000_000,
    formatName: "mov,mp4,m4a,3gp,3g2,mj2",
    demuxer: "mov",
    video: {
      index: 0,
      codec: o.codec ?? "h264",
      width: w,
      height: h,
      fps: o.fps ?? 30,
      profile: "High",
      level: 40,
      pixFmt: "yuv420p",
      rotation: o.rotation ?? 0,
      displayWidth: sideways ? h : w,
      displayHeight: sideways ? w : h,
    },
    audio: { index: 1, codec: "aac", profile: "LC", channels: 2, sampleRate: 48000 },
    ...o,
  };
};

/** The value after `flag` (first occurrence). */
const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];
const count = (args: string[], flag: string) => args.filter((a) => a === flag).length;

function assertHardenedInput(args: string[], demuxer: string) {
  const i = args.indexOf("-i");
  assert.ok(i > 0, "has -i");
  const before = args.slice(0, i);
  assert.equal(after(before, "-protocol_whitelist"), "file");
  assert.equal(after(before, "-format_whitelist"), demuxer);
  assert.equal(after(before, "-f"), demuxer, "input format forced");
  assert.ok(before.includes("-nostdin") && before.includes("-y"));
  assert.ok(Number(after(before, "-threads")) > 0, "threads bounded");
  assert.match(args[i + 1]!, /^file:\//, "absolute path behind file:");
  assert.equal(count(args, "-i"), 1);
}

test("ffprobe args: JSON, file protocol only, accepted demuxers only, path behind file:", () => {
  const a = buildProbeArgs("uploads/x.mp4");
  assert.equal(after(a, "-protocol_whitelist"), "file");
  assert.equal(after(a, "-format_whitelist"), ACCEPTED_DEMUXERS.join(","));
  assert.ok(a.includes("-show_format") && a.includes("-show_streams") && after(a, "-print_format") === "json");
  assert.match(a.at(-1)!, /^file:\/.*uploads\/x\.mp4$/);
});

test("format names map to forced demuxers; playlists, lists and images are refused", () => {
  assert.equal(demuxerForFormatName("mov,mp4,m4a,3gp,3g2,mj2"), "mov");
  assert.equal(demuxerForFormatName("matroska,webm"), "matroska");
  assert.equal(demuxerForFormatName("avi"), "avi");
  assert.equal(demuxerForFormatName("mpegts"), "mpegts");
  for (const refused of ["hls", "concat", "image2", "png_pipe", "dash", "tty", "lavfi", "mp3"])
    assert.equal(demuxerForFormatName(refused), null, refused);
});

test("probe JSON is parsed into a typed summary (rotation, SAR, cover art skipped)", () => {
  const json = JSON.stringify({
    format: { format_name: "mov,mp4,m4a,3gp,3g2,mj2", duration: "12.500000", size: "123456", bit_rate: "800000" },
    streams: [
      { index: 0, codec_type: "video", codec_name: "mjpeg", width: 600, height: 600, disposition: { attached_pic: 1 } },
      {
        index: 1,
        codec_type: "video",
        codec_name: "h264",
        profile: "High",
        level: 40,
        width: 1920,
        height: 1080,
        pix_fmt: "yuv420p",
        sample_aspect_ratio: "1:1",
        avg_frame_rate: "30000/1001",
        side_data_list: [{ side_data_type: "Display Matrix", rotation: -90 }],
      },
      { index: 2, codec_type: "audio", codec_name: "aac", profile: "LC", channels: 2, sample_rate: "44100" },
    ],
  });
  const p = parseProbeOutput(json);
  assert.equal(p.durationSeconds, 12.5);
  assert.equal(p.sizeBytes, 123456);
  assert.equal(p.demuxer, "mov");
  assert.equal(p.video?.index, 1);
  assert.equal(p.video?.codec, "h264");
  assert.ok(Math.abs(p.video!.fps - 29.97) < 0.01);
  assert.equal(p.video?.rotation, 90);
  assert.deepEqual([p.video?.displayWidth, p.video?.displayHeight], [1080, 1920]);
  assert.deepEqual(p.audio, { index: 2, codec: "aac", profile: "LC", channels: 2, sampleRate: 44100 });
  const anamorphic = parseProbeOutput(
    JSON.stringify({
      format: { format_name: "mpeg", duration: "5" },
      streams: [
        {
          index: 0,
          codec_type: "video",
          codec_name: "mpeg2video",
          width: 720,
          height: 576,
          sample_aspect_ratio: "16:11",
          r_frame_rate: "25/1",
          avg_frame_rate: "0/0",
        },
      ],
    }),
  );
  assert.deepEqual([anamorphic.video?.displayWidth, anamorphic.video?.displayHeight, anamorphic.video?.fps], [1047, 576, 25]);
  assert.equal(parseRate("0/0"), 0);
});

test("refused and unreadable probes give the owner a clear reason", () => {
  assert.throws(
    () => parseProbeOutput(JSON.stringify({ format: { format_name: "hls" }, streams: [] })),
    (e: MediaError) => e.kind === "unsupported" && /HLS playlist/.test(e.reason),
  );
  const refused = probeFailure("[hls @ 0x55] Format not on whitelist 'mov,matroska'\nfile:/x/a.mp4: Invalid argument\n", "/x/a.mp4");
  assert.equal(refused.kind, "unsupported");
  assert.match(refused.reason, /HLS playlist \(hls\)/);
  const broken = probeFailure(
    "[mov,mp4,m4a,3gp,3g2,mj2 @ 0x55] moov atom not found\nfile:/x/a.mp4: Invalid data found when processing input\n",
    "/x/a.mp4",
  );
  assert.equal(broken.kind, "unreadable");
  assert.equal(broken.reason, "The file could not be read as a video (moov atom not found; Invalid data found when processing input).");
});

test("plan: H.264/AAC remuxes first, ladder never above the source, small sources get one rung", () => {
  const p1080 = planHls(probeOf());
  assert.equal(p1080.fastPath, "remux");
  assert.deepEqual(
    p1080.rungs.map((r) => `${r.name}:${r.width}x${r.height}`),
    ["1080p:1920x1080", "720p:1280x720", "480p:854x480", "360p:640x360"],
  );
  assert.equal(p1080.remuxCodecs, "avc1.640028,mp4a.40.2");
  assert.deepEqual(
    planHls(probeOf({ w: 1280, h: 720 })).rungs.map((r) => r.height),
    [720, 480, 360],
  );
  assert.deepEqual(
    planHls(probeOf({ w: 640, h: 360 })).rungs.map((r) => r.name),
    ["360p"],
  );
  const tiny = planHls(probeOf({ w: 320, h: 240 }));
  assert.deepEqual(
    tiny.rungs.map((r) => `${r.name}:${r.width}x${r.height}`),
    ["240p:320x240"],
  );
  assert.equal(tiny.preview.width, 320);
  const portrait = planHls(probeOf({ w: 1080, h: 1920 }));
  assert.deepEqual(
    portrait.rungs.map((r) => `${r.name}:${r.width}x${r.height}`),
    ["1080p:1080x1920", "720p:720x1280", "480p:480x854", "360p:360x640"],
  );
  for (const r of p1080.rungs) assert.equal(r.width % 2, 0);
  assert.equal(planHls(probeOf({ codec: "vp9" })).fastPath, "lowest-rung");
  assert.equal(planHls(probeOf({ rotation: 90 })).fastPath, "lowest-rung", "a rotated clip would play sideways remuxed");
  assert.equal(planHls(probeOf({ audio: { index: 1, codec: "opus", channels: 2, sampleRate: 48000 } })).fastPath, "lowest-rung");
  assert.equal(canRemux({ ...probeOf(), audio: undefined }), true, "H.264 without audio remuxes");
  const noAudio = planHls({ ...probeOf(), audio: undefined });
  assert.ok(noAudio.rungs.every((r) => r.audioKbps === null && r.codecs === r.codecs.split(",")[0]));
  assert.throws(
    () => planHls({ ...probeOf(), video: undefined }),
    (e: MediaError) => e.kind === "unsupported" && /no video/.test(e.reason),
  );
  assert.throws(() => planHls({ ...probeOf(), durationSeconds: 0 }), MediaError);
  assert.throws(
    () => planHls(probeOf({ w: 20000, h: 20 })),
    (e: MediaError) => e.kind === "unsupported",
  );
});

test("frame rates above 60 are halved and high frame rates get more bits", () => {
  assert.equal(outputFps(120), 60);
  assert.equal(outputFps(29.97), 29.97);
  assert.equal(outputFps(0), 30);
  const hfr = ladderRungs(probeOf({ fps: 60 }).video!, true);
  assert.equal(hfr[0]!.videoKbps, 7500);
  assert.equal(hfr[0]!.level, "4.2");
});

test("codec strings and levels", () => {
  assert.equal(avc1Codec("High", 40), "avc1.640028");
  assert.equal(avc1Codec("Main", 31), "avc1.4d401f");
  assert.equal(avc1Codec("Constrained Baseline", 30), "avc1.42e01e");
  assert.equal(mp4aCodec("LC"), "mp4a.40.2");
  assert.equal(mp4aCodec("HE-AAC"), "mp4a.40.5");
  assert.equal(h264LevelFor(1920, 1080, 30, 5350), "4.0");
  assert.equal(h264LevelFor(1280, 720, 30, 2996), "3.1");
  assert.equal(h264LevelFor(640, 360, 30, 856), "3.0");
  assert.equal(h264LevelFor(1920, 1080, 60, 8000), "4.2");
});

test("remux args: copy codecs into 4 s VOD HLS with independent segments and relative segment names", () => {
  const a = remuxArgs("/up/a.mp4", probeOf(), "/tmp/out");
  assertHardenedInput(a, "mov");
  assert.equal(after(a, "-c"), "copy");
  assert.deepEqual(
    a.filter((x, i) => a[i - 1] === "-map"),
    ["0:0", "0:1"],
  );
  assert.equal(after(a, "-hls_time"), "4");
  assert.equal(after(a, "-hls_playlist_type"), "vod");
  assert.equal(after(a, "-hls_flags"), "independent_segments");
  assert.equal(after(a, "-hls_segment_filename"), "/tmp/out/seg_%05d.ts");
  assert.equal(a.at(-1), "/tmp/out/index.m3u8");
  assert.equal(count(a, "-protocol_whitelist"), 2, "input and HLS output restricted to files");
  assert.equal(after(a, "-map_metadata"), "-1", "no GPS or device metadata in the outputs");
  assert.equal(after(a, "-progress"), "pipe:1");
});

test("ladder args: one process, split/scale per rung, fixed 4 s GOP, var_stream_map with names, master playlist", () => {
  const probe = probeOf();
  const plan = planHls(probe);
  const a = ladderArgs("/up/a.mp4", probe, plan, "/tmp/out");
  assertHardenedInput(a, "mov");
  const graph = after(a, "-filter_complex")!;
  assert.equal(graph, ladderFilter(0, plan.rungs, 30));
  assert.match(graph, /^\[0:0\]split=4\[s0\]\[s1\]\[s2\]\[s3\];/);
  assert.match(
    graph,
    /\[s0\]scale=1920:1080[^;]*\[v0\];\[s1\]scale=1280:720[^;]*\[v1\];\[s2\]scale=854:480[^;]*\[v2\];\[s3\]scale=640:360[^;]*\[v3\]$/,
  );
  assert.deepEqual(
    a.filter((x, i) => a[i - 1] === "-map"),
    ["[v0]", "[v1]", "[v2]", "[v3]", "0:1", "0:1", "0:1", "0:1"],
  );
  assert.equal(after(a, "-c:v"), "libx264");
  assert.equal(after(a, "-preset"), "veryfast");
  assert.equal(after(a, "-g"), "120");
  assert.equal(after(a, "-keyint_min"), "120");
  assert.equal(after(a, "-sc_threshold"), "0");
  assert.equal(after(a, "-force_key_frames"), keyframeExpr());
  assert.equal(after(a, "-c:a"), "aac");
  assert.deepEqual(
    ["-b:v:0", "-b:v:1", "-b:v:2", "-b:v:3"].map((f) => after(a, f)),
    ["5000k", "2800k", "1400k", "800k"],
  );
  assert.deepEqual(
    ["-level:v:0", "-level:v:3"].map((f) => after(a, f)),
    ["4.0", "3.0"],
  );
  assert.equal(after(a, "-var_stream_map"), "v:0,a:0,name:1080p v:1,a:1,name:720p v:2,a:2,name:480p v:3,a:3,name:360p");
  assert.equal(after(a, "-master_pl_name"), "master.m3u8");
  assert.equal(after(a, "-hls_segment_filename"), "/tmp/out/%v/seg_%05d.ts");
  assert.equal(a.at(-1), "/tmp/out/%v/index.m3u8");
  assert.equal(count(a, "-filter_complex"), 1);
  const silent = encodeArgs("/up/a.mp4", { ...probe, audio: undefined }, planHls({ ...probe, audio: undefined }).rungs, "/tmp/out");
  assert.equal(after(silent, "-var_stream_map"), "v:0,name:1080p v:1,name:720p v:2,name:480p v:3,name:360p");
  assert.ok(!silent.includes("-c:a"));
  const hfr = probeOf({ fps: 120 });
  assert.match(after(ladderArgs("/a.mp4", hfr, planHls(hfr), "/o"), "-filter_complex")!, /^\[0:0\]fps=60,split=4/);
});

test("lowest-rung-first, preview and poster args", () => {
  const probe = probeOf({ codec: "vp9" });
  const webm = { ...probe, formatName: "matroska,webm", demuxer: "matroska" };
  const plan = planHls(webm);
  const low = lowestRungArgs("/up/a.webm", webm, plan, "/tmp/low");
  assertHardenedInput(low, "matroska");
  assert.equal(after(low, "-var_stream_map"), "v:0,a:0,name:360p");
  assert.equal(after(low, "-preset"), "superfast");
  assert.match(after(low, "-filter_complex")!, /^\[0:0\]null\[s0\];\[s0\]scale=640:360/);
  const pv = previewArgs("/up/a.webm", webm, plan, "/tmp/pv");
  const i = pv.indexOf("-i");
  assert.equal(after(pv.slice(0, i), "-t"), "15.000", "reads only the first 15 s");
  assert.equal(after(pv, "-var_stream_map"), "v:0,a:0,name:preview");
  const poster = posterArgs("/up/a.webm", webm, plan, "/tmp/p/poster.jpg");
  assertHardenedInput(poster, "matroska");
  assert.equal(after(poster.slice(0, poster.indexOf("-i")), "-ss"), "6.000", "10 % of 60 s");
  assert.equal(after(poster, "-frames:v"), "1");
  assert.match(after(poster, "-vf")!, /^scale=1280:720/);
  assert.equal(after(poster, "-c:v"), "mjpeg");
  assert.equal(posterSeekSeconds(2), 0.2);
});

test("master playlists: parse, completeness, build with BANDWIDTH, RESOLUTION and CODECS", () => {
  const ffmpegStyle =
    '#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-STREAM-INF:BANDWIDTH=1020800,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"\n360p/index.m3u8\n\n';
  assert.deepEqual(parseMasterPlaylist(ffmpegStyle), [
    { attributes: { BANDWIDTH: "1020800", RESOLUTION: "640x360", CODECS: "avc1.64001e,mp4a.40.2" }, uri: "360p/index.m3u8" },
  ]);
  assert.equal(masterIsComplete(ffmpegStyle), true);
  assert.equal(masterIsComplete("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=2x2\na.m3u8\n"), false, "no CODECS");
  assert.equal(masterIsComplete("#EXTM3U\n"), false);
  const ours = buildMasterPlaylist([
    { uri: "360p/index.m3u8", bandwidth: 1_000_000, width: 640, height: 360, codecs: "avc1.64001e,mp4a.40.2" },
    {
      uri: "720p/index.m3u8",
      bandwidth: 3_000_000,
      averageBandwidth: 2_500_000,
      width: 1280,
      height: 720,
      codecs: "avc1.64001f,mp4a.40.2",
      frameRate: 30,
    },
  ]);
  assert.equal(masterIsComplete(ours), true);
  assert.deepEqual(
    parseMasterPlaylist(ours).map((v) => v.uri),
    ["720p/index.m3u8", "360p/index.m3u8"],
    "highest first",
  );
  const peaks = (p: number) => new Map([["360p/index.m3u8", p]]);
  assert.equal(needsOwnMaster(ffmpegStyle, peaks(900_000)), false, "complete and not under-announced: keep ffmpeg's");
  assert.equal(needsOwnMaster(ffmpegStyle, peaks(1_100_000)), true, "BANDWIDTH below a measured segment");
  assert.equal(needsOwnMaster(ffmpegStyle.replace(',CODECS="avc1.64001e,mp4a.40.2"', ""), peaks(1)), true, "no CODECS");
  assert.equal(needsOwnMaster(ffmpegStyle, new Map([["720p/index.m3u8", 1]])), true, "a variant is missing");
  assert.match(
    ours,
    /BANDWIDTH=3000000,AVERAGE-BANDWIDTH=2500000,RESOLUTION=1280x720,FRAME-RATE=30\.000,CODECS="avc1\.64001f,mp4a\.40\.2"/,
  );
});

test("media playlists and measured bandwidth", () => {
  const m = parseMediaPlaylist(
    "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.000000,\nseg_00000.ts\n#EXTINF:2.000000,\nseg_00001.ts\n#EXT-X-ENDLIST\n",
  );
  assert.deepEqual(m, {
    segments: [
      { durationSeconds: 4, uri: "seg_00000.ts" },
      { durationSeconds: 2, uri: "seg_00001.ts" },
    ],
    totalSeconds: 6,
    ended: true,
  });
  const bw = measureBandwidth([
    { durationSeconds: 4, sizeBytes: 500_000 },
    { durationSeconds: 4, sizeBytes: 1_000_000 },
    { durationSeconds: 0.2, sizeBytes: 200_000 },
  ]);
  assert.equal(bw.peak, 2_000_000, "peak segment, short tail left out");
  assert.equal(bw.average, Math.round((1_700_000 * 8) / 8.2));
});

test("progress parser: 0 first, monotonic integer percents of the known duration, never 100 before exit", () => {
  const seen: number[] = [];
  const feed = progressParser(10, (p) => seen.push(p));
  feed("frame=1\nout_time_us=2500000\nprogress=cont");
  feed("inue\nout_time_us=N/A\nout_time_us=2400000\nout_time_us=7");
  feed("000000\nout_time_us=12000000\nprogress=end\n");
  assert.deepEqual(seen, [0, 25, 70, 99]);
});

test("memory limit and parent-death kill wrap the tool so that its PID is ffmpeg's own (setpriv, prlimit or sh exec)", () => {
  let [cmd, argv] = limitedCommand("ffmpeg", ["-version"], 512);
  if (cmd === "setpriv") {
    assert.deepEqual(argv.slice(0, 3), ["--pdeathsig", "KILL", "--"]);
    [cmd, argv] = [argv[3]!, argv.slice(4)];
  }
  if (cmd === "prlimit") assert.deepEqual(argv, [`--as=${512 * 1024 * 1024}`, "--", "ffmpeg", "-version"]);
  else assert.deepEqual([cmd, argv[0]!.includes("exec"), argv.slice(2)], ["sh", true, ["-version"]]);
});
