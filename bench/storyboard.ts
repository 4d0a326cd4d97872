// What the storyboard costs an ingest (issue 26): a 60 s 1080p H.264/AAC clip (made by ffmpeg in the
// run) uploaded to two servers of the same build, one making storyboards and one not
// (KINORA_BENCH_STORYBOARD=off, honoured only with KINORA_BENCH=1), in turn, the order reversed every
// other round: upload's 201 to playable (POST /api/box/{boxId}/play answering PLAY) and to READY.
// Targets: READY with the storyboard <= 1.10 x without it (the median of the rounds' own ratios);
// time to playable unchanged (the storyboard is made after). PGlite: the storyboard is ffmpeg work,
// not the database's. Run after `npm run build`: `npx tsx bench/storyboard.ts`. Writes "Storyboards"
// in docs/perf.md. BENCH_ROUNDS (default 3), BENCH_CLIP_SECONDS (default 60).
import os from "node:os";
import { Api } from "../test/support/api";
import { withDatabase, type Sql } from "../test/support/database";
import { makeH264AacMp4, makeMediaDir } from "../test/support/media-fixtures";
import { startKinora, type Kinora } from "../test/support/server";
import { uploadClip } from "../test/contract/playback-fixtures";
import { assertBuilt, fmt, machine, writeSection } from "./report";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CLIP_SECONDS = Number(process.env.BENCH_CLIP_SECONDS ?? 60);
const TARGET = 1.1;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (t0: number) => (performance.now() - t0) / 1000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Setup {
  server: Kinora;
  api: Api;
  access: string;
}

/** A server of this build (storyboards on or off) and one user on the Business license (large uploads). */
async function setUp(storyboards: boolean): Promise<Setup> {
  const env = { KINORA_BENCH: "1", ...(storyboards ? {} : { KINORA_BENCH_STORYBOARD: "off" }) };
  let server = await startKinora(env);
  const user = await new Api(server.url).newUser();
  await server.stop(); // PGlite belongs to one process
  await withDatabase({ dataDir: server.dataDir }, (sql: Sql) =>
    sql(`UPDATE "User" SET "licenseId" = (SELECT "id" FROM "License" WHERE "name" = 'Business') WHERE "userCode" = $1`, [user.userCode]),
  );
  server = await startKinora({ ...env, DATA_DIR: server.dataDir });
  const api = new Api(server.url);
  const { access } = await api.login(user.userCode, user.password);
  return { server, api, access };
}

/** Uploads the clip; seconds from the upload's answer to playable and to READY, and whether a storyboard was made. */
async function ingest(s: Setup, clip: string): Promise<{ playable: number; ready: number; storyboard: boolean }> {
  const { boxId } = await uploadClip(s.api, s.access, clip, "Storyboard bench");
  const t0 = performance.now();
  let playable: number | undefined;
  for (;;) {
    if (playable === undefined) {
      const play = await s.api.post(`/api/box/${boxId}/play`, {}, { token: s.access });
      if (play.status === 200) playable = seconds(t0);
      else if (play.status !== 409) throw new Error(`play: ${play.status} ${play.text}`);
    }
    const item = await s.api.get(`/api/box/${boxId}`, { token: s.access });
    if (item.body.status === "FAILED") throw new Error(`ingest failed: ${item.text}`);
    if (item.body.status === "READY") {
      const play = await s.api.post(`/api/box/${boxId}/play`, {}, { token: s.access });
      const master = await (await fetch(play.body.file)).text();
      const ready = seconds(t0);
      await s.api.delete(`/api/box/${boxId}`, { token: s.access });
      return { playable: playable ?? ready, ready, storyboard: master.includes("com.kinora.storyboard") };
    }
    if (seconds(t0) > 1800) throw new Error("not READY in 1800 s");
    await sleep(playable === undefined ? 100 : 250);
  }
}

async function main(): Promise<void> {
  assertBuilt();
  const at = machine();
  const clip = makeH264AacMp4(makeMediaDir("kinora-bench-storyboard-"), {
    durationSeconds: CLIP_SECONDS,
    width: 1920,
    height: 1080,
    keyframeSeconds: 2,
  });
  const on = await setUp(true);
  const off = await setUp(false);
  const rounds: { on: Awaited<ReturnType<typeof ingest>>; off: Awaited<ReturnType<typeof ingest>>; load: number }[] = [];
  try {
    // warm-up, not measured: the first ingest of a process loads its modules
    await ingest(on, clip);
    await ingest(off, clip);
    for (let i = 0; i < ROUNDS; i++) {
      const load = os.loadavg()[0]!;
      const first = i % 2 === 0 ? await ingest(on, clip) : await ingest(off, clip);
      const second = i % 2 === 0 ? await ingest(off, clip) : await ingest(on, clip);
      const round = i % 2 === 0 ? { on: first, off: second, load } : { on: second, off: first, load };
      if (!round.on.storyboard || round.off.storyboard) throw new Error("a server did not do as set (storyboard on/off)");
      rounds.push(round);
      console.log(
        `round ${i + 1} (load ${fmt(load, 1)}): READY ${fmt(round.on.ready, 1)} s with the storyboard, ${fmt(round.off.ready, 1)} s without; ` +
          `playable ${fmt(round.on.playable, 2)} / ${fmt(round.off.playable, 2)} s`,
      );
    }
  } finally {
    await on.server.stop();
    await off.server.stop();
  }
  const ratio = median(rounds.map((r) => r.on.ready / r.off.ready));
  const playableRatio = median(rounds.map((r) => r.on.playable / r.off.playable));
  const rows = rounds
    .map(
      (r, i) =>
        `| ${i + 1} | ${fmt(r.load, 1)} | ${fmt(r.on.ready, 1)} | ${fmt(r.off.ready, 1)} | ${fmt(r.on.ready / r.off.ready, 3)} | ${fmt(r.on.playable, 2)} | ${fmt(r.off.playable, 2)} |`,
    )
    .join("\n");
  await writeSection(
    "Storyboards",
    `\`npx tsx bench/storyboard.ts\` after \`npm run build\`: a ${CLIP_SECONDS} s 1920x1080 H.264/AAC clip uploaded to two servers of the same build (PGlite), one making storyboards and one not (KINORA_BENCH_STORYBOARD=off), in turn, the order reversed every other round, after one warm-up ingest each; ${at}.
Seconds from the upload's answer to playable and to READY. Targets: READY with the storyboard <= ${TARGET} x without it (median of the rounds' ratios); time to playable unchanged.

| round | load | READY with (s) | READY without (s) | with / without | playable with (s) | playable without (s) |
| ----: | ---: | -------------: | ----------------: | -------------: | ----------------: | -------------------: |
${rows}

Median with / without: **${fmt(ratio, 3)}** (target <= ${TARGET}: ${ratio <= TARGET ? "met" : "NOT met"}); time to playable with / without: ${fmt(playableRatio, 3)}.`,
  );
  console.log(`with / without: ${fmt(ratio, 3)}; playable ${fmt(playableRatio, 3)}`);
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
