// Playback for a viewer on another machine: without PUBLIC_URL, the signed media and poster URLs
// are built from the host the request came to (not http://localhost), and they load through that
// address. The server listens on every address; 127.0.0.2 stands for the server's LAN address, one of
// the names the launcher prints and ALLOWED_HOSTS holds by default (given here: the default's LAN
// addresses are this machine's, unit-tested in allowed-hosts.test.ts). A client's own X-Forwarded-Host
// / -Proto are not trusted (no TRUST_PROXY). A Host whose name is not on the list never makes it into
// a URL: the cached M3U list and oEmbed, the stream redirect and play answers use the default name.
import assert from "node:assert/strict";
import http from "node:http";
import { after, before, describe, test } from "node:test";
import { Api } from "../support/api";
import { portalSignIn } from "../support/portal-session";
import { ALL_ROLES, startKinora, type Kinora } from "../support/server";
import { preparePostgres } from "../../scripts/test-postgres";
import { fetchOk, parseSigned, uploadClip, waitReady, walkLadder } from "./playback-fixtures";
import { newUser, type TestUser } from "./users-fixtures";
import { createCastChannel } from "./cast-fixtures";
import { publish } from "./vod-fixtures";

let server: Kinora;
let ownDb: { url: string; drop(): Promise<void> } | undefined;
let remote: string;
let owner: TestUser;
let boxId: string;

before(async () => {
  // on PostgreSQL the suite's worker serves the shared server: this one has its own database and runs its jobs
  ownDb = process.env.DATABASE_URL ? await preparePostgres() : undefined;
  const db: Record<string, string | undefined> = ownDb ? { DATABASE_URL: ownDb.url, ...ALL_ROLES } : {};
  server = await startKinora({
    HOST: "0.0.0.0",
    TRUST_PROXY: "0",
    PUBLIC_URL: undefined,
    ALLOWED_HOSTS: "localhost,127.0.0.1,127.0.0.2",
    ...db,
  });
  remote = `http://127.0.0.2:${new URL(server.url).port}`;
  const local = new Api(server.url);
  owner = await newUser(local);
  boxId = (await uploadClip(local, owner.access, undefined, "Remote viewer")).boxId;
  await waitReady(local, owner.access, boxId);
});

after(async () => {
  await server?.stop();
  await ownDb?.drop();
});

describe("without PUBLIC_URL, media URLs follow the request's host", () => {
  test("REST play through another address: every URL is on that address and the ladder loads through it", async () => {
    const res = await new Api(remote).post(`/api/box/${boxId}/play`, undefined, { token: owner.access });
    assert.equal(res.status, 200, res.text);
    for (const url of [
      res.body.file,
      res.body.streamer,
      res.body.uniqueStreamer,
      res.body.srcs[0].streamer,
      res.body.srcs[0].uniqueStreamer,
    ]) {
      assert.ok(url.startsWith(`${remote}/media/`), url);
    }
    assert.equal(parseSigned(res.body.streamer).box, boxId);
    const { segmentUrls } = await walkLadder(res.body.streamer);
    assert.ok(segmentUrls.every((u) => u.startsWith(`${remote}/media/`)));
  });

  test("the portal's play (tRPC, session cookie): the playlist and the poster load through that address", async () => {
    const { cookie } = await portalSignIn(remote, owner.userCode, owner.password);
    const res = await fetch(`${remote}/api/trpc/playback.playBox`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ json: { boxId } }),
    });
    const text = await res.text();
    assert.equal(res.status, 200, text);
    const played = JSON.parse(text).result.data.json;
    assert.ok(played.file.startsWith(`${remote}/media/`), played.file);
    assert.ok(played.posterUrl?.startsWith(`${remote}/media/`), played.posterUrl);
    await walkLadder(played.file);
    const poster = await fetchOk(played.posterUrl);
    assert.equal(poster.headers.get("content-type"), "image/jpeg");
  });

  test("the address as the client used it, whatever X-Forwarded-Host and -Proto it adds", async () => {
    const local = await new Api(server.url).post(`/api/box/${boxId}/play`, undefined, { token: owner.access });
    assert.ok(local.body.streamer.startsWith(`${server.url}/media/`), local.body.streamer);
    const spoofed = await new Api(remote).post(`/api/box/${boxId}/play`, undefined, {
      token: owner.access,
      headers: { "X-Forwarded-Host": "attacker.example", "X-Forwarded-Proto": "https" },
    });
    assert.equal(spoofed.status, 200, spoofed.text);
    assert.ok(spoofed.body.streamer.startsWith(`${remote}/media/`), spoofed.body.streamer);
    // the portal's origin too: the login follows an absolute callback of the host used, not of the spoofed one
    const { cookie } = await portalSignIn(remote, owner.userCode, owner.password);
    const login = (callback: string) =>
      fetch(`${remote}/login?callbackUrl=${encodeURIComponent(callback)}`, {
        headers: { Cookie: cookie, "X-Forwarded-Host": "attacker.example", "X-Forwarded-Proto": "https" },
        redirect: "manual",
      });
    assert.equal((await login(`${remote}/box`)).headers.get("location"), "/box");
    assert.equal((await login("https://attacker.example/box")).headers.get("location"), "/dashboard");
  });
});

/** GET of `path` on the server with the Host header `host` (fetch does not let a Host be chosen). */
function getAs(host: string, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, server.url), { headers: { Host: host } }, (res) => {
      let text = "";
      res.on("data", (d: Buffer) => (text += d.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("a Host that is not on the allowlist never appears in what is handed out", () => {
  let port: string;
  let home: string;
  let vodId: string;
  let channelId: string;
  const FOREIGN = ["attacker.example", "attacker.example:80", "127.0.0.3"];

  before(async () => {
    const api = new Api(server.url);
    port = new URL(server.url).port;
    home = `http://localhost:${port}`;
    vodId = (await publish(api, owner.access, boxId, { licenseType: "FREE" })).vodId;
    channelId = (await createCastChannel(api, owner, { name: "Remote news" })).channelId;
  });

  test("M3U and XMLTV (cached 300 s): the default name's URLs; a listed name's as sent", async () => {
    for (const host of FOREIGN.map((h) => (h.includes(":") ? h : `${h}:${port}`))) {
      for (const path of [
        `/cast/user/${owner.userCode}/playlist.m3u`,
        `/cast/user/${owner.userCode}/xmltv.xml`,
        `/cast/${channelId}/xmltv.xml`,
      ]) {
        const res = await getAs(host, path);
        assert.equal(res.status, 200, `${host} ${path}: ${res.text.slice(0, 200)}`);
        assert.doesNotMatch(res.text, /attacker|127\.0\.0\.3/, `${host} ${path}`);
      }
      const m3u = (await getAs(host, `/cast/user/${owner.userCode}/playlist.m3u`)).text;
      assert.ok(m3u.includes(`${home}/cast/${channelId}/stream.m3u8`), m3u);
    }
    const listed = (await getAs(`127.0.0.2:${port}`, `/cast/user/${owner.userCode}/playlist.m3u`)).text;
    assert.ok(listed.includes(`${remote}/cast/${channelId}/stream.m3u8`), listed);
  });

  test("oEmbed (cached a day): the default name's URLs; a page URL on a foreign name is not ours (404); on any listed name it is", async () => {
    for (const host of FOREIGN) {
      const res = await getAs(host, `/oembed?url=${encodeURIComponent(`${home}/v/${vodId}`)}`);
      assert.equal(res.status, 200, `${host}: ${res.text}`);
      assert.doesNotMatch(res.text, /attacker|127\.0\.0\.3/, host);
      const body = JSON.parse(res.text);
      assert.equal(body.provider_url, `${home}/`);
      assert.ok(body.html.includes(`src="${home}/embed/v/${vodId}"`), body.html);
      const foreignPage = await getAs(host, `/oembed?url=${encodeURIComponent(`http://${host}/v/${vodId}`)}`);
      assert.equal(foreignPage.status, 404, `${host}: ${foreignPage.text}`);
      assert.doesNotMatch(foreignPage.text, /attacker|127\.0\.0\.3/, host);
    }
    // a page URL on another listed name than the request's: ours, answered with the request's name
    for (const page of [`http://127.0.0.1:${port}/v/${vodId}`, `${home}/v/${vodId}`, `http://127.0.0.2:${port}/embed/v/${vodId}`]) {
      const res = await getAs(`127.0.0.2:${port}`, `/oembed?url=${encodeURIComponent(page)}`);
      assert.equal(res.status, 200, `${page}: ${res.text}`);
      assert.equal(JSON.parse(res.text).provider_url, `${remote}/`);
    }
  });

  test("redirects and play answers: the stream's 302 and the signed URLs are of the default name", async () => {
    for (const host of FOREIGN) {
      const res = await getAs(host, `/cast/${channelId}/stream.m3u8`);
      assert.equal(res.status, 302, `${host}: ${res.text}`);
      assert.ok(res.headers.location?.startsWith(`${home}/media/`), res.headers.location);
      const played = await new Promise<string>((resolve, reject) => {
        const req = http.request(
          new URL(`/api/box/${boxId}/play`, server.url),
          { method: "POST", headers: { Host: host, Authorization: `Bearer ${owner.access}` } },
          (r) => {
            let text = "";
            r.on("data", (d: Buffer) => (text += d.toString()));
            r.on("end", () => resolve(text));
          },
        );
        req.on("error", reject);
        req.end();
      });
      assert.doesNotMatch(played, /attacker|127\.0\.0\.3/, host);
      assert.ok(JSON.parse(played).streamer.startsWith(`${home}/media/`), played);
    }
    const listed = await getAs(`127.0.0.2:${port}`, `/cast/${channelId}/stream.m3u8`);
    assert.ok(listed.headers.location?.startsWith(`${remote}/media/`), listed.headers.location);
  });
});
