// Signed media URLs: the scheme shared by the TypeScript signer, the launcher's Node media server and
// (ported) nginx's njs check; the request-path classification, byte ranges and nginx's generated
// configuration (checked with `nginx -t` when nginx is installed).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import {
  classifyRequestPath,
  deriveMediaKey,
  mediaStorageKey,
  signedMediaBase,
  verifyMediaPath,
} from "../../src/server/media/edge/media-url.mjs";
import { parseRange, resolveMediaKey } from "../../src/server/media/edge/media-node.mjs";
import { findNginx, nginxConfig } from "../../src/server/media/edge/nginx.mjs";
import { countedSecret } from "../../src/server/media/edge/live-layout.mjs";
import { boxMasterPlaylistKey, boxPosterKey, boxPreviewPlaylistKey, boxRenditionPlaylistKey } from "../../src/server/media/keys";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "kinora-media-url-"));
process.env.DATA_DIR = dataDir; // before env() is first read (signed-url.ts)
delete process.env.MEDIA_SECRET;
delete process.env.AUTH_SECRET;

const key = "k".repeat(40);
const owner = randomUUID();
const box = randomUUID();
/** An item's own files, charged to its owner (an upload). */
const item = { bandOwnerId: owner, ownerId: owner, boxId: box };
const now = 1_800_000_000;

describe("signing and checking", () => {
  test("a signed base verifies for every file under it, until it expires", () => {
    const base = signedMediaBase(key, "hls", item, now + 60);
    assert.match(base, new RegExp(`^/media/${now + 60}/[A-Za-z0-9_-]{32}/hls/${owner}/${owner}/${box}/$`));
    for (const file of ["master.m3u8", "720p/index.m3u8", "720p/seg_00001.ts", "remux/seg_00000.ts"]) {
      const grant = verifyMediaPath(key, base + file, now);
      assert.equal(grant.ok, true, file);
      if (grant.ok) assert.equal(grant.storageKey, `box/${owner}/${box}/hls/${file}`);
      if (grant.ok) assert.equal(grant.bandOwnerId, owner);
    }
    assert.deepEqual(verifyMediaPath(key, `${base}master.m3u8?x=1`, now).ok, true, "the query is ignored");
    assert.deepEqual(verifyMediaPath(key, `${base}master.m3u8`, now + 61), { ok: false, reason: "expired" });
    assert.deepEqual(verifyMediaPath("another key of forty characters........", `${base}master.m3u8`, now), {
      ok: false,
      reason: "signature",
    });
  });

  test("a signature covers one tree of one item", () => {
    const exp = now + 60;
    const sig = signedMediaBase(key, "preview", item, exp).split("/")[3];
    const refused = { ok: false, reason: "signature" };
    assert.deepEqual(verifyMediaPath(key, `/media/${exp}/${sig}/hls/${owner}/${owner}/${box}/master.m3u8`, now), refused);
    assert.deepEqual(verifyMediaPath(key, `/media/${exp}/${sig}/preview/${owner}/${owner}/${randomUUID()}/index.m3u8`, now), refused);
    assert.deepEqual(verifyMediaPath(key, `/media/${exp}/${sig}/preview/${owner}/${randomUUID()}/${box}/index.m3u8`, now), refused);
    assert.deepEqual(verifyMediaPath(key, `/media/${exp + 1}/${sig}/preview/${owner}/${owner}/${box}/index.m3u8`, now), refused);
    assert.equal(verifyMediaPath(key, `/media/${exp}/${sig}/preview/${owner}/${owner}/${box}/index.m3u8`, now).ok, true);
  });

  test("the band owner and the media home are signed together: an acquired content's URL charges its buyer, and neither can be swapped", () => {
    const exp = now + 60;
    const buyer = randomUUID();
    const acquired = { bandOwnerId: buyer, ownerId: owner, boxId: box }; // the seller's files, the buyer's band
    const base = signedMediaBase(key, "hls", acquired, exp);
    const sig = base.split("/")[3];
    assert.equal(base, `/media/${exp}/${sig}/hls/${buyer}/${owner}/${box}/`);
    const grant = verifyMediaPath(key, `${base}720p/seg_00000.ts`, now);
    assert.deepEqual(grant, {
      ok: true,
      tree: "hls",
      bandOwnerId: buyer,
      ownerId: owner,
      boxId: box,
      file: "720p/seg_00000.ts",
      expires: exp,
      storageKey: `box/${owner}/${box}/hls/720p/seg_00000.ts`,
    });
    const refused = { ok: false, reason: "signature" };
    const at = (bandOwner: string, home: string, homeBox: string) => `/media/${exp}/${sig}/hls/${bandOwner}/${home}/${homeBox}/master.m3u8`;
    assert.deepEqual(verifyMediaPath(key, at(owner, owner, box), now), refused, "charged to the seller instead");
    assert.deepEqual(verifyMediaPath(key, at(randomUUID(), owner, box), now), refused, "charged to anyone else");
    assert.deepEqual(verifyMediaPath(key, at(buyer, buyer, box), now), refused, "another media home owner");
    assert.deepEqual(verifyMediaPath(key, at(buyer, owner, randomUUID()), now), refused, "another media home item");
    assert.deepEqual(verifyMediaPath(key, at(owner, buyer, box), now), refused, "band owner and home owner exchanged");
    assert.deepEqual(verifyMediaPath(key, `/media/${exp}/${sig}/hls/${owner}/${box}/master.m3u8`, now), { ok: false, reason: "malformed" });
    // the seller's own URL of the same files is another signature
    assert.notEqual(signedMediaBase(key, "hls", item, exp).split("/")[3], sig);
  });

  test("malformed: escapes, dot segments, directories, unknown types and trees, a poster that is not poster.jpg", () => {
    const base = signedMediaBase(key, "hls", item, now + 60);
    for (const file of [
      "",
      "720p/",
      "720p",
      "../x.ts",
      "./master.m3u8",
      "a/../master.m3u8",
      "%2e%2e/x.ts",
      "master%2em3u8",
      ".hidden.ts",
      "x..y.ts",
      "a//b.ts",
      "a/b/c/d.ts",
      "master.m3u8/",
      "notes.txt",
      "x.TS",
    ]) {
      assert.deepEqual(verifyMediaPath(key, base + file, now), { ok: false, reason: "malformed" }, JSON.stringify(file));
    }
    const poster = signedMediaBase(key, "poster", item, now + 60);
    assert.equal(verifyMediaPath(key, `${poster}poster.jpg`, now).ok, true);
    assert.deepEqual(verifyMediaPath(key, `${poster}other.jpg`, now), { ok: false, reason: "malformed" });
    assert.deepEqual(verifyMediaPath(key, base.replace("/hls/", "/thumbs/") + "x.jpg", now), { ok: false, reason: "malformed" });
    assert.deepEqual(verifyMediaPath(key, base.toUpperCase() + "master.m3u8", now), { ok: false, reason: "malformed" });
  });

  test("storage keys of media paths follow media/keys", () => {
    assert.equal(mediaStorageKey("hls", owner, box, "master.m3u8"), boxMasterPlaylistKey(owner, box));
    assert.equal(mediaStorageKey("hls", owner, box, "720p/index.m3u8"), boxRenditionPlaylistKey(owner, box, "720p"));
    assert.equal(mediaStorageKey("preview", owner, box, "index.m3u8"), boxPreviewPlaylistKey(owner, box));
    assert.equal(mediaStorageKey("poster", owner, box, "poster.jpg"), boxPosterKey(owner, box));
  });

  test("the live tree grants one channel's HLS, stored under live/<owner>/<channel>/, and nothing of the box", () => {
    const channel = randomUUID();
    const live = signedMediaBase(key, "live", { bandOwnerId: owner, ownerId: owner, boxId: channel }, now + 60);
    const grant = verifyMediaPath(key, `${live}720p/seg_00042.ts`, now);
    assert.equal(grant.ok, true);
    assert.equal(grant.ok && grant.storageKey, `live/${owner}/${channel}/720p/seg_00042.ts`);
    assert.deepEqual(verifyMediaPath(key, live.replace("/live/", "/hls/") + "master.m3u8", now), { ok: false, reason: "signature" });
  });

  test("the application and the launcher derive the same key; MEDIA_SECRET wins", async () => {
    const { mediaKey, signMediaTree, verifyMediaUrlPath } = await import("../../src/server/media/signed-url");
    const { env } = await import("../../src/server/env");
    // no AUTH_SECRET: both read (or create) DATA_DIR/auth-secret
    assert.equal(resolveMediaKey({}, dataDir), mediaKey());
    assert.notEqual(mediaKey(), Buffer.from(env().authSecret).toString("utf8"), "never the auth secret itself");
    assert.equal(resolveMediaKey({ AUTH_SECRET: "a".repeat(40) }, dataDir), deriveMediaKey("a".repeat(40)));
    assert.equal(resolveMediaKey({ MEDIA_SECRET: "m".repeat(40), AUTH_SECRET: "a".repeat(40) }, dataDir), "m".repeat(40));
    assert.throws(() => resolveMediaKey({ MEDIA_SECRET: 'short"' }, dataDir), /MEDIA_SECRET/);
    assert.equal(mediaKey({ ...env(), MEDIA_SECRET: "m".repeat(40) }), "m".repeat(40));
    const signed = signMediaTree("hls", item, { ttlSeconds: 30 });
    assert.ok(signed.baseUrl.startsWith(`${env().publicUrl}/media/`));
    assert.ok(Math.abs(signed.expiresAt.getTime() - (Date.now() + 30_000)) < 2000);
    const grant = verifyMediaUrlPath(`${new URL(signed.baseUrl).pathname}master.m3u8`);
    assert.equal(grant.ok, true);
    const launcherCheck = verifyMediaPath(resolveMediaKey({}, dataDir), `${new URL(signed.baseUrl).pathname}master.m3u8`);
    assert.equal(launcherCheck.ok, true);
  });

  test("poster URLs: the same within a step, remembered per item; another band, address or step signs anew", async () => {
    const { signPoster } = await import("../../src/server/domain/playback/sign-playback");
    const { verifyMediaUrlPath } = await import("../../src/server/media/signed-url");
    const ttlSeconds = 3600; // steps of 900 s
    const at = (seconds: number) => ({ ttlSeconds, now: seconds * 1000 });
    const grantOf = (url: string) => {
      const grant = verifyMediaUrlPath(new URL(url).pathname, now);
      assert.ok(grant.ok, url);
      return { tree: grant.tree, bandOwnerId: grant.bandOwnerId, ownerId: grant.ownerId, boxId: grant.boxId, file: grant.file };
    };
    const first = signPoster(item, at(now));
    assert.equal(signPoster({ ...item }, at(now + 10)), first, "the same step: the same URL");
    const buyer = randomUUID();
    const bought = signPoster({ ...item, bandOwnerId: buyer }, at(now + 10));
    assert.notEqual(bought, first);
    assert.deepEqual(grantOf(bought), { tree: "poster", bandOwnerId: buyer, ownerId: owner, boxId: box, file: "poster.jpg" });
    assert.equal(signPoster(item, at(now + 20)), first, "the owner's URL again, charging the owner");
    assert.deepEqual(grantOf(first), { ...grantOf(bought), bandOwnerId: owner });
    assert.ok(signPoster(item, { ...at(now), baseUrl: "https://other.example" }).startsWith("https://other.example/media/"));
    const next = signPoster(item, at(now + 900));
    assert.notEqual(next, first, "the next step");
    assert.equal(Number(new URL(next).pathname.split("/")[2]), Math.floor((now + 900) / 900) * 900 + ttlSeconds);
  });
});

describe("grants of a window and of one file", () => {
  test("a window opens at its start and closes at its end; its start is signed", async () => {
    const { signMediaTree, verifyMediaUrlPath } = await import("../../src/server/media/signed-url");
    const from = new Date((now + 100) * 1000);
    const until = new Date((now + 200) * 1000);
    const { baseUrl, expiresAt } = signMediaTree("live", item, { window: { from, until } });
    assert.equal(expiresAt.getTime(), until.getTime());
    const path = `${new URL(baseUrl).pathname}master.m3u8`;
    assert.equal(path.split("/")[2], `${now + 100}-${now + 200}`);
    assert.deepEqual(verifyMediaUrlPath(path, now + 99), { ok: false, reason: "early" });
    assert.equal(verifyMediaUrlPath(path, now + 100).ok, true);
    assert.equal(verifyMediaUrlPath(path, now + 200).ok, true);
    assert.deepEqual(verifyMediaUrlPath(path, now + 201), { ok: false, reason: "expired" });
    assert.deepEqual(verifyMediaUrlPath(path.replace(`/${now + 100}-`, `/${now}-`), now + 150), { ok: false, reason: "signature" });
    assert.deepEqual(verifyMediaUrlPath(path.replace(`/${now + 100}-`, "/"), now + 150), { ok: false, reason: "signature" });
  });

  test("cast segment URLs: one file each, the same for every viewer within a step, signed anew in the next", async () => {
    const { castSegmentUri, segmentGrantExpiry } = await import("../../src/server/media/cast/output/segment-urls");
    const { verifyMediaUrlPath } = await import("../../src/server/media/signed-url");
    const source = `hls:${owner}:${box}`;
    const ms = (now + 10) * 1000; // inside a step
    const uri = castSegmentUri(owner, source, "720p/seg_00003.ts", ms);
    const grant = verifyMediaUrlPath(uri, now);
    assert.ok(grant.ok);
    assert.deepEqual(
      [grant.tree, grant.bandOwnerId, grant.ownerId, grant.boxId, grant.file],
      ["hls", owner, owner, box, "720p/seg_00003.ts"],
    );
    assert.ok(grant.expires >= now + 30 * 60 && grant.expires % 300 === 0, "at least 30 minutes, rounded up to a 5-minute step");
    assert.equal(castSegmentUri(owner, source, "720p/seg_00003.ts", ms + 1000), uri, "the same within the step");
    const sibling = uri.replace("seg_00003", "seg_00004");
    assert.deepEqual(verifyMediaUrlPath(sibling, now), { ok: false, reason: "signature" });
    const next = castSegmentUri(owner, source, "720p/seg_00003.ts", (segmentGrantExpiry(ms) - 30 * 60) * 1000 + 1);
    assert.notEqual(next, uri, "the next step signs anew");
    assert.notEqual(castSegmentUri(randomUUID(), source, "720p/seg_00003.ts", ms), uri, "another channel owner's band");
  });
});

describe("request paths", () => {
  test("media, app, or invalid (dot segments above the root, bad escapes)", () => {
    const cases: Array<[string, string]> = [
      ["/media/1/x/hls/a/b/c/d.ts", "media"],
      ["/media", "media"],
      ["/media/", "media"],
      ["/mediax/1", "app"],
      ["/api/box?q=/media/", "app"],
      ["/x/../media/1/a", "media"],
      ["/%6Dedia/1/a", "media"],
      ["//media/1/a", "media"],
      ["/media/../api/user/me", "media"],
      ["/media/../../etc/passwd", "invalid"],
      ["/api/%zz", "invalid"],
      ["/api/../../x", "invalid"],
      ["/api/./user/me", "app"],
      ["/", "app"],
    ];
    for (const [p, kind] of cases) assert.equal(classifyRequestPath(p), kind, p);
  });

  test("byte ranges", () => {
    assert.deepEqual(parseRange("bytes=0-99", 1000), { start: 0, end: 99 });
    assert.deepEqual(parseRange("bytes=900-", 1000), { start: 900, end: 999 });
    assert.deepEqual(parseRange("bytes=990-2000", 1000), { start: 990, end: 999 });
    assert.deepEqual(parseRange("bytes=-100", 1000), { start: 900, end: 999 });
    assert.deepEqual(parseRange("bytes=-5000", 1000), { start: 0, end: 999 });
    assert.equal(parseRange("bytes=1000-", 1000), "unsatisfiable");
    assert.equal(parseRange("bytes=-0", 1000), "unsatisfiable");
    for (const h of [undefined, "", "bytes=5-1", "bytes=0-1,5-9", "items=0-1", "bytes=-", "bytes=a-b"])
      assert.equal(parseRange(h, 1000), null, String(h));
  });
});

describe("nginx configuration", () => {
  const base = {
    host: "127.0.0.1",
    port: 18080,
    appPort: 18081,
    storageRoot: path.join(dataDir, "storage"),
    logDir: path.join(dataDir, "media-log"),
    key: "k".repeat(40),
    isRoot: process.getuid?.() === 0,
  };

  test("local storage: media served by alias after the check, logged; the rest proxied", () => {
    const conf = nginxConfig({ ...base, prefix: path.join(dataDir, "nginx"), trustProxy: false, s3: false });
    assert.match(conf, /js_set \$media_ok media\.verify;/);
    assert.match(conf, /js_var \$media_key k{40};/);
    assert.match(conf, /alias .*\/storage\/box\/\$media_owner\/\$media_box\/\$media_tree\/\$media_file;/);
    assert.match(conf, /\/\(\?<media_band_owner>\[\^\/\]\+\)\/\(\?<media_owner>/, "the band owner precedes the media home");
    assert.match(conf, /log_format kinora_media '\$msec \$media_band_owner \$body_bytes_sent \$status';/);
    assert.match(conf, /access_log .*\/media-log\/nginx-\$media_bucket\.log kinora_media if=\$media_counted;/);
    // an edge or caching tier in front (the counted secret) counts the bytes it fetches: not counted here
    assert.match(conf, new RegExp(`map \\$http_x_kinora_counted \\$media_counted \\{\\s+"${countedSecret(base.key)}" 0;\\s+default 1;`));
    // a live file missing here is looked for on the ingest node that has it (media-node.mjs serveLiveElsewhere)
    assert.match(conf, /error_page 404 = @kinora_live_elsewhere;/);
    assert.match(conf, /application\/vnd\.apple\.mpegurl m3u8;/);
    assert.match(conf, /client_max_body_size 0;/);
    assert.doesNotMatch(conf, /autoindex on/);
    // request ids (docs/operations.md "Request ids"): kept when well formed, else nginx's; on every response
    assert.match(
      conf,
      /map \$http_x_request_id \$kinora_request_id \{\s+"~\^\[A-Za-z0-9\._-\]\{8,128\}\$" \$http_x_request_id;\s+default \$request_id;/,
    );
    assert.equal(conf.match(/add_header X-Request-Id \$kinora_request_id always;/g)?.length, 4, "the server and each media location");
    // the JSON access log: in the server and beside each band log, for what nginx answers itself (the app
    // logs what it answers); never the query, never a signature
    assert.equal(conf.match(/access_log \S+\/nginx\/access\.log kinora_json buffer=64k flush=1s if=\$kinora_edge_line;/g)?.length, 4);
    assert.match(conf, /map \$upstream_status \$kinora_edge_line \{\s+"" 1;/);
    assert.match(conf, /log_format kinora_json escape=json /);
    assert.doesNotMatch(conf, /\$request_uri"|\$args|\$http_authorization|\$http_cookie|\$http_referer/);
    assert.equal(
      nginxConfig({ ...base, prefix: "/p", trustProxy: false, s3: false, accessLog: "off" }).match(/access_log [^;]*kinora_json/g),
      null,
    );
  });

  test("S3: /media checked and proxied to Node (which logs it), but for the live tree on local disk; TRUST_PROXY takes the balancer's client", () => {
    const conf = nginxConfig({ ...base, prefix: path.join(dataDir, "nginx"), trustProxy: true, s3: true });
    // the only file nginx serves itself is a live channel's HLS (the RTMP ingest writes it locally), and logs its bytes
    assert.deepEqual(conf.match(/alias [^;]+;/g), [`alias ${base.storageRoot}/live/$media_owner/$media_box/$media_file;`]);
    assert.equal(conf.match(/access_log [^;]+kinora_media if=\$media_counted;/g)?.length, 1);
    assert.match(conf, /location ~ "\^\/media\/" \{\s+if \(\$media_ok != "1"\) \{ return 403; \}\s+proxy_pass http:\/\/kinora_app;/);
    assert.match(conf, /real_ip_header X-Forwarded-For;/);
  });

  test("an ingest node without the web role: the live tree alone, nothing proxied to the app but what Node checks", () => {
    const conf = nginxConfig({ ...base, prefix: "/p", trustProxy: false, s3: true, liveOnly: true });
    assert.deepEqual(conf.match(/alias [^;]+;/g), [`alias ${base.storageRoot}/live/$media_owner/$media_box/$media_file;`]);
    assert.doesNotMatch(conf, /\/cast\//);
    assert.match(conf, /location \/ \{\s+# [^\n]+\n\s+return 404;\s+\}/);
  });

  const nginx = findNginx({});
  test("nginx -t accepts the configurations", { skip: nginx.ok ? false : (nginx as { reason: string }).reason }, () => {
    for (const [s3, liveOnly] of [
      [false, false],
      [true, false],
      [true, true],
    ]) {
      const prefix = mkdtempSync(path.join(os.tmpdir(), "kinora-nginx-t-"));
      for (const d of ["tmp/client_body", "tmp/proxy", "tmp/fastcgi", "tmp/uwsgi", "tmp/scgi"])
        mkdirSync(path.join(prefix, d), { recursive: true });
      mkdirSync(base.logDir, { recursive: true });
      writeFileSync(path.join(prefix, "nginx.conf"), nginxConfig({ ...base, prefix, trustProxy: s3!, s3: s3!, liveOnly }));
      writeFileSync(path.join(prefix, "proxy.conf"), "proxy_http_version 1.1;\n");
      const r = spawnSync((nginx as { binary: string }).binary, ["-t", "-q", "-c", path.join(prefix, "nginx.conf"), "-p", `${prefix}/`], {
        encoding: "utf8",
      });
      assert.equal(r.status, 0, r.stderr);
    }
  });
});
