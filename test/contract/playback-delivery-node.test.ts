// The same delivery matrix against a server started with NGINX=0 (the Node media server in the
// launcher), with a short URL lifetime to watch a real grant expire.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Api } from "../support/api";
import { ALL_ROLES, startKinora, type Kinora } from "../support/server";
import { preparePostgres } from "../../scripts/test-postgres";
import { deliveryMatrix } from "./playback-matrix";
import { parseSigned, playWhenReady, rawRequest, uploadClip } from "./playback-fixtures";
import { newUser, sleep } from "./users-fixtures";

const TTL = 20;
let server: Promise<Kinora> | undefined;
let ownDb: { url: string; drop(): Promise<void> } | undefined;
// On PostgreSQL the suite's worker processes serve the shared server's DATA_DIR: this server gets a
// database of its own and runs its jobs itself (every role, the default), so its uploads are ingested here.
const nodeServer = () =>
  (server ??= (async () => {
    ownDb = process.env.DATABASE_URL ? await preparePostgres() : undefined;
    const db: Record<string, string | undefined> = ownDb ? { DATABASE_URL: ownDb.url, ...ALL_ROLES } : {};
    return startKinora({ NGINX: "0", MEDIA_URL_TTL: String(TTL), ...db });
  })());
after(async () => {
  await (await server)?.stop();
  await ownDb?.drop();
});

deliveryMatrix("NGINX=0, Node media server", { server: nodeServer, edge: "node" });

describe("a grant expires after MEDIA_URL_TTL", () => {
  let api: Api;
  before(async () => {
    api = new Api((await nodeServer()).url);
  });

  test(`a URL from play works, and is refused once its ${TTL} s are over`, async () => {
    const owner = await newUser(api);
    const { boxId } = await uploadClip(api, owner.access);
    const played = await playWhenReady(api, owner.access, boxId);
    const signed = parseSigned(played.streamer);
    const ttl = signed.exp - Date.now() / 1000;
    assert.ok(ttl > TTL - 5 && ttl <= TTL + 1, `ttl ${ttl}`);
    const path = new URL(played.streamer).pathname;
    assert.equal((await rawRequest(api.url, path)).status, 200);
    await sleep(Math.max(0, signed.exp * 1000 - Date.now()) + 1500);
    const expired = await rawRequest(api.url, path);
    assert.equal(expired.status, 403);
    assert.ok(!expired.body.toString().includes("#EXTM3U"));
  });
});
