// Ingestion of uploads on the shared server (its worker: in process on PGlite, `npm run worker` on
// PostgreSQL): H.264/AAC remuxed first then the ladder (never above the source), VP9/Opus with the
// lowest rung first, a cut-short file and a smuggled playlist FAILED with a reason for the owner,
// and a delete during processing that stops ffmpeg and leaves no file behind.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { before, describe, test } from "node:test";
import type { Api } from "../support/api";
import { makeH264AacMp4, makeMediaDir, makeSmuggledHlsPlaylist, makeTruncated, makeVp9OpusWebm } from "../support/media-fixtures";
import { sharedKinora } from "../support/server";
import { connect, newUser, type TestUser } from "./users-fixtures";
import { isFinal, itemFiles, sleep, uploadFile, waitForItem } from "./box-fixtures";

let api: Api;
let dataDir: string;
let user: TestUser;
let media: string;
before(async () => {
  ({ api } = await connect());
  dataDir = (await sharedKinora()).dataDir;
  user = await newUser(api);
  media = makeMediaDir();
});

const itemDir = (boxId: string) => {
  const file = itemFiles(dataDir, boxId)[0];
  assert.ok(file, `no files for ${boxId}`);
  return path.join(dataDir, "storage", ...file.split("/").slice(0, 3));
};
const read = (boxId: string, rel: string) => readFileSync(path.join(itemDir(boxId), rel), "utf8");
const variants = (master: string) =>
  [...master.matchAll(/#EXT-X-STREAM-INF:([^\n]*)\n([^\n]+)/g)].map((m) => ({ attrs: m[1]!, uri: m[2]! }));

async function ingest(file: string, title = path.basename(file)): Promise<any> {
  const res = await uploadFile(api, user.access, file, { title });
  assert.equal(res.status, 201, res.text);
  return waitForItem(api, user.access, res.body.boxId, isFinal, 180_000);
}

describe("ingestion", () => {
  test("H.264/AAC: remuxed, then the ladder up to the source; master with BANDWIDTH, RESOLUTION, CODECS; poster and preview", async () => {
    const item = await ingest(makeH264AacMp4(media, { durationSeconds: 5, width: 854, height: 480 }));
    assert.equal(item.status, "READY", JSON.stringify(item));
    assert.equal(item.progress, 100);
    assert.equal(item.duration, "0:05");
    assert.equal(item.statusReason, undefined);
    const files = itemFiles(dataDir, item.boxId).map((f) => f.split("/").slice(3).join("/"));
    assert.ok(files.includes("hls/source/index.m3u8"), "the remux that played first");
    const master = read(item.boxId, "hls/master.m3u8");
    const listed = variants(master);
    assert.deepEqual(listed.map((v) => v.uri).sort(), ["360p/index.m3u8", "480p/index.m3u8"], master);
    for (const v of listed) {
      assert.match(v.attrs, /BANDWIDTH=\d+/);
      assert.match(v.attrs, /RESOLUTION=\d+x(360|480)\b/);
      assert.match(v.attrs, /CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
      const playlist = read(item.boxId, `hls/${v.uri}`);
      assert.match(playlist, /#EXT-X-ENDLIST/);
      for (const seg of playlist.split("\n").filter((l) => l.endsWith(".ts")))
        assert.ok(files.includes(`hls/${path.dirname(v.uri)}/${seg}`), seg);
    }
    assert.ok(!files.some((f) => /^hls\/(720|1080)p\//.test(f)), "never above the source");
    // aligned 4 s segments across rungs
    const durations = (uri: string) =>
      [...read(item.boxId, `hls/${uri}`).matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]).toFixed(1));
    assert.deepEqual(durations("480p/index.m3u8"), durations("360p/index.m3u8"));
    assert.match(read(item.boxId, "preview/index.m3u8"), /#EXT-X-ENDLIST/);
    assert.ok(files.includes("poster.jpg"));
    // the generated poster is private (signed URL only): it is not the item's public thumbnailId
    assert.equal(item.thumbnailId, undefined);
  });

  test("VP9/Opus: the lowest rung first (no remux), then the rest of the ladder; READY", async () => {
    const item = await ingest(makeVp9OpusWebm(media, { durationSeconds: 3, width: 854, height: 480 }));
    assert.equal(item.status, "READY", JSON.stringify(item));
    const files = itemFiles(dataDir, item.boxId).map((f) => f.split("/").slice(3).join("/"));
    assert.ok(!files.some((f) => f.startsWith("hls/source/")), "VP9 is not remuxed");
    assert.deepEqual(
      variants(read(item.boxId, "hls/master.m3u8"))
        .map((v) => v.uri)
        .sort(),
      ["360p/index.m3u8", "480p/index.m3u8"],
    );
    const mtime = (rel: string) => statSync(path.join(itemDir(item.boxId), rel)).mtimeMs;
    assert.ok(mtime("hls/360p/index.m3u8") <= mtime("hls/480p/index.m3u8"), "the lowest rung was published first");
  });

  test("a cut-short file: FAILED with a reason for the owner", async () => {
    const whole = makeH264AacMp4(media, { durationSeconds: 3, width: 320, height: 180, faststart: false, name: "whole.mp4" });
    const item = await ingest(makeTruncated(media, whole, 20 * 1024));
    assert.equal(item.status, "FAILED", JSON.stringify(item));
    assert.ok(item.statusReason && item.statusReason.length > 10, JSON.stringify(item));
    assert.match(item.statusReason, /read|damaged|cut short/i);
  });

  test("a smuggled playlist: FAILED, and /etc/passwd is never read into any output", async () => {
    const item = await ingest(makeSmuggledHlsPlaylist(media));
    assert.equal(item.status, "FAILED", JSON.stringify(item));
    assert.match(item.statusReason, /HLS playlist/);
    const passwd = readFileSync("/etc/passwd", "utf8").split("\n")[0]!;
    for (const f of itemFiles(dataDir, item.boxId).filter((x) => !x.endsWith("/original")))
      assert.ok(!readFileSync(path.join(dataDir, "storage", f), "latin1").includes(passwd), f);
    assert.ok(!itemFiles(dataDir, item.boxId).some((f) => f.includes("/hls/")), "no rendition was made");
  });

  test("delete during processing: the job is cancelled (ffmpeg stops) and no file is left", async () => {
    const res = await uploadFile(
      api,
      user.access,
      makeH264AacMp4(media, { durationSeconds: 40, width: 854, height: 480, name: "long.mp4" }),
    );
    assert.equal(res.status, 201, res.text);
    const boxId = res.body.boxId;
    const running = await waitForItem(api, user.access, boxId, (i) => i.progress >= 17 || isFinal(i), 120_000);
    assert.equal(running.status, "PROCESSING", "the ladder is running");
    assert.ok(ffmpegOf(boxId).length > 0, "ffmpeg is encoding the item");
    const del = await api.delete(`/api/box/${boxId}`, { token: user.access });
    assert.equal(del.status, 204, del.text);
    let procs: string[] = [];
    let files: string[] = [];
    for (let i = 0; i < 60; i++) {
      procs = ffmpegOf(boxId);
      files = itemFiles(dataDir, boxId);
      if (procs.length === 0 && files.length === 0) break;
      await sleep(250);
    }
    assert.deepEqual(procs, [], "no ffmpeg left for the item");
    assert.deepEqual(files, [], "no file left");
    await sleep(1500); // a job that was mid-write would have moved its output by now
    assert.deepEqual(itemFiles(dataDir, boxId), []);
  });
});

/** Command lines of ffmpeg processes reading the item's original (its path holds the boxId). */
function ffmpegOf(boxId: string): string[] {
  const out: string[] = [];
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
      if (/\bffmpeg\b/.test(cmd) && cmd.includes(boxId)) out.push(`${pid}: ${cmd.slice(0, 120)}`);
    } catch {
      // exited meanwhile
    }
  }
  return out;
}
