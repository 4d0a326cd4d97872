// Shared state across nodes (docs/deploy.md "Shared state"): two web nodes of one instance
// (PostgreSQL, one S3 bucket, DATA_DIRs of their own). A cast channel's programs are kept in each
// node's memory while it plays the channel; a schedule saved through node A is what node B plays
// within a second (an event through PostgreSQL's NOTIFY), not after B's five-minute reload.
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { Api } from "../support/api";
import { makeH264AacMp4, makeMediaDir } from "../support/media-fixtures";
import { s3StorageEnv, startS3rver, type S3rver } from "../support/s3rver";
import { startKinora, type Kinora } from "../support/server";
import { preparePostgres } from "../../scripts/test-postgres";
import { uploadFile } from "./box-fixtures";
import { createCastChannel, dayOf, saveDayOk, SECOND, timed } from "./cast-fixtures";
import { waitReady } from "./playback-fixtures";
import { newUser, sleep } from "./users-fixtures";

const postgres = Boolean(process.env.DATABASE_URL);
let s3: S3rver | undefined;
let ownDb: { url: string; drop(): Promise<void> } | undefined;
const nodes: Kinora[] = [];

before(async () => {
  if (!postgres) return;
  s3 = await startS3rver(mkdtempSync(path.join(os.tmpdir(), "kinora-s3-")), "media");
  ownDb = await preparePostgres();
  const shared = {
    DATABASE_URL: ownDb.url,
    ...s3StorageEnv(s3, "media"),
    SMTP_URL: "",
  };
  // A runs the jobs too; B only serves
  nodes.push(await startKinora({ ...shared, KINORA_ROLES: "web,worker" }));
  nodes.push(await startKinora({ ...shared, KINORA_ROLES: "web" }));
});
after(async () => {
  for (const node of nodes.reverse()) await node.stop();
  await s3?.stop();
  await ownDb?.drop();
});

/** Which of `clips` (box ids) node `base`'s media playlist at `path` has segments of (the slate fills the time before them). */
async function sourcesOn(base: string, mediaPath: string, clips: string[]): Promise<string[]> {
  const res = await fetch(base + mediaPath);
  assert.equal(res.status, 200, `${base}${mediaPath}: ${res.status}`);
  const text = await res.text();
  return clips.filter((boxId) => text.includes(`/${boxId}/`));
}

test(
  "a schedule saved through one web node is what the other plays within a second",
  { skip: !postgres && "PostgreSQL only: one PGlite process is one node" },
  async () => {
    const [a, b] = nodes as [Kinora, Kinora];
    const apiA = new Api(a.url);
    const owner = await newUser(apiA);
    const clip = async (title: string) => {
      const file = makeH264AacMp4(makeMediaDir("kinora-cluster-"), {
        durationSeconds: 30,
        width: 320,
        height: 180,
        keyframeSeconds: 2,
        name: `${title}.mp4`,
      });
      const res = await uploadFile(apiA, owner.access, file, { title });
      assert.equal(res.status, 201, res.text);
      return (await waitReady(apiA, owner.access, res.body.boxId)).boxId as string;
    };
    const clips = await Promise.all([clip("cluster-a"), clip("cluster-b")]);
    const [first, second] = clips as [string, string];
    const channel = await createCastChannel(apiA, owner);
    // one program on air now, as long as the clips (30 s)
    const t0 = Math.floor(Date.now() / SECOND) * SECOND - 4 * SECOND;
    const day = (boxId: string) => [timed(t0, t0 + 30 * SECOND, { programType: "PRERECORDED", sourceId: boxId })];
    await saveDayOk(apiA, owner, channel.channelId, dayOf(t0), day(first));
    const played = await new Api(b.url).post(`/api/public/cast/channel/${channel.channelId}/play`, {}, { token: owner.access });
    assert.equal(played.status, 200, played.text);
    const master = new URL(played.body.srcs[0].uniqueStreamer);
    assert.equal(master.origin, b.url, "B signs its own URLs");
    const variant = (await (await fetch(master)).text()).split("\n").find((l) => l.endsWith(".m3u8"))!;
    const mediaPath = new URL(variant, master).pathname;
    // B plays the first clip, and keeps the channel's programs in memory
    assert.deepEqual(await sourcesOn(b.url, mediaPath, clips), [first]);
    assert.deepEqual(await sourcesOn(b.url, mediaPath, clips), [first]);

    // the same slot, the other clip, saved through A: B follows within a second
    await saveDayOk(apiA, owner, channel.channelId, dayOf(t0), day(second));
    const saved = Date.now();
    let seen: string[] = [];
    while (Date.now() - saved < 5_000) {
      seen = await sourcesOn(b.url, mediaPath, clips);
      if (seen.includes(second)) break;
      await sleep(50);
    }
    const lag = Date.now() - saved;
    assert.deepEqual(seen, [second], "B plays the new schedule");
    assert.ok(lag < 1000, `B followed after ${lag} ms`);
    // A plays it too (its own change)
    assert.deepEqual(await sourcesOn(a.url, mediaPath, clips), [second]);
  },
);
