// The live ingest's pure parts: nginx-rtmp's statistics as the app reads them, the channel's master
// playlist, the generated nginx-rtmp configuration and ladder script, and the live tree's caching.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { parseRtmpStat } from "../../src/server/media/live/rtmp-stat";
import { liveMasterPlaylist } from "../../src/server/media/live/live-dirs";
import { ladderScript, rtmpConfig } from "../../src/server/media/edge/nginx-rtmp.mjs";
import { livePaths } from "../../src/server/media/edge/live-layout.mjs";
import { cacheControlFor } from "../../src/server/media/edge/media-url.mjs";

// rtmp_stat of nginx-rtmp 1.1.4 (Debian 12) with one publisher and one refused second publisher (its
// bw_in set to a rate, for the ingest rate of /metrics)
const STAT = `<?xml version="1.0" encoding="utf-8" ?>
<rtmp><nginx_version>1.22.1</nginx_version><server><application><name>live</name><live>
<stream><name>chan2</name><time>2211</time><bw_in>723456</bw_in><bytes_in>199049</bytes_in>
<client><id>1</id><address>127.0.0.1</address><time>2387</time><publishing/><active/></client>
<client><id>7</id><address>127.0.0.1</address><time>10</time></client>
<meta><video><width>320</width><height>180</height><frame_rate>25</frame_rate><codec>H264</codec></video><audio><codec>AAC</codec></audio></meta>
<nclients>1</nclients><publishing/><active/></stream>
<stream><name>idle</name><time>0</time><bytes_in>0</bytes_in><nclients>0</nclients></stream>
</live></application>
<application><name>ladder</name><live><stream><name>chan2_720p</name><time>1</time><bytes_in>5</bytes_in><publishing/></stream></live></application>
</server></rtmp>`;

describe("live ingest", () => {
  test("rtmp_stat: the encoders' streams only, with their publisher, bytes and metadata", () => {
    assert.deepEqual(parseRtmpStat(STAT), [
      {
        name: "chan2",
        timeMs: 2211,
        bytesIn: 199049,
        bitsPerSecondIn: 723456,
        publisherIds: ["1"],
        publishing: true,
        width: 320,
        height: 180,
        frameRate: 25,
        videoCodec: "H264",
        audioCodec: "AAC",
      },
      {
        name: "idle",
        timeMs: 0,
        bytesIn: 0,
        bitsPerSecondIn: 0,
        publisherIds: [],
        publishing: false,
        width: undefined,
        height: undefined,
        frameRate: undefined,
        videoCodec: undefined,
        audioCodec: undefined,
      },
    ]);
    assert.deepEqual(parseRtmpStat("<rtmp></rtmp>"), []);
  });

  test("the master lists the passthrough, then the ladder's rungs when transcoding", () => {
    const uris = (text: string) => text.split("\n").filter((l) => l && !l.startsWith("#"));
    assert.deepEqual(uris(liveMasterPlaylist(false)), ["src/index.m3u8"]);
    assert.deepEqual(uris(liveMasterPlaylist(true)), ["src/index.m3u8", "720p/index.m3u8", "360p/index.m3u8"]);
    assert.match(liveMasterPlaylist(true), /RESOLUTION=1280x720,CODECS="avc1\.640028,mp4a\.40\.2"\n720p\/index\.m3u8/);
    assert.doesNotMatch(liveMasterPlaylist(false), /RESOLUTION|CODECS/, "the passthrough's are unknown before the stream arrives");
  });

  test("nginx-rtmp configuration: callbacks with the secret, 1 s continuous HLS, recording, loopback-only play and ladder", () => {
    const paths = livePaths("/data");
    const o = {
      prefix: paths.prefix,
      host: "0.0.0.0",
      port: 1935,
      hookBase: "http://127.0.0.1:4000",
      secret: "s3cr3t",
      paths,
      segmentSeconds: 1,
      isRoot: false,
    };
    const conf = rtmpConfig({ ...o, transcode: false });
    assert.match(conf, /listen 0\.0\.0\.0:1935;/);
    assert.match(conf, /worker_processes 1;/);
    for (const hook of ["publish", "publish-done", "record-done"])
      assert.ok(conf.includes(`http://127.0.0.1:4000/internal/live/${hook}?key=s3cr3t;`), hook);
    assert.match(conf, /hls_path \/data\/live\/hls;\s+hls_nested on;\s+hls_fragment 1s;/);
    assert.match(conf, /hls_continuous on;/);
    assert.match(conf, /record all;\s+record_path \/data\/live\/rec;/);
    assert.match(conf, /allow play 127\.0\.0\.1;\s+deny play all;/);
    assert.match(conf, /application ladder \{\s+live on;\s+allow publish 127\.0\.0\.1;\s+deny publish all;/);
    assert.match(conf, /listen unix:\/data\/nginx-rtmp\/stat\.sock;/);
    assert.doesNotMatch(conf, /^\s*exec_push/m);
    assert.match(rtmpConfig({ ...o, transcode: true }), /exec_push \/data\/nginx-rtmp\/live-ladder\.sh \$name;/);
    assert.match(rtmpConfig({ ...o, transcode: false, isRoot: true }), /^user root root;$/m);

    const script = ladderScript({ port: 1935, segmentSeconds: 1 });
    assert.ok(script.includes(`-i "rtmp://127.0.0.1:1935/live/$1"`));
    assert.ok(script.includes(`scale=-2:'min(720,ih)'`), "never above the source");
    assert.ok(script.includes(`"rtmp://127.0.0.1:1935/ladder/$1_720p"`) && script.includes(`"rtmp://127.0.0.1:1935/ladder/$1_360p"`));
    assert.ok(script.includes(`expr:gte(t,n_forced*1)`), "a keyframe every fragment");
  });

  test("live playlists are revalidated; live segments are cached a minute (names restart at a new event)", () => {
    assert.equal(cacheControlFor("src/index.m3u8", "live"), "private, no-cache");
    assert.equal(cacheControlFor("src/12.ts", "live"), "private, max-age=60");
    assert.equal(cacheControlFor("720p/seg_00001.ts", "hls"), "private, max-age=31536000, immutable");
  });
});
