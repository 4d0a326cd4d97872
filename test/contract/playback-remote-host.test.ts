// Playback for a viewer on another machine: without PUBLIC_URL, the signed media and poster URLs
// are built from the host the request came to (not http://localhost), and they load through that
// address. The server listens on every address; 127.0.0.2 stands for the server's LAN address.
// A client's own X-Forwarded-Host / -Proto are not trusted (no TRUST_PROXY).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Api } from "../support/api";
import { portalSignIn } from "../support/portal-session";
import { startKinora, type Kinora } from "../support/server";
import { preparePostgres } from "../../scripts/test-postgres";
import { fetchOk, parseSigned, uploadClip, waitReady, walkLadder } from "./playback-fixtures";
import { newUser, type TestUser } from "./users-fixtures";

let server: Kinora;
let ownDb: { url: string; drop(): Promise<void> } | undefined;
let remote: string;
let owner: TestUser;
let boxId: string;

before(async () => {
  // on PostgreSQL the suite's worker serves the shared server: this one has its own database and runs its jobs
  ownDb = process.env.DATABASE_URL ? await preparePostgres() : undefined;
  const db: Record<string, string> = ownDb ? { DATABASE_URL: ownDb.url, KINORA_WORKER: "1" } : {};
  server = await startKinora({ HOST: "0.0.0.0", TRUST_PROXY: "0", PUBLIC_URL: undefined, ...db });
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
