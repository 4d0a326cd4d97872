// Cross-node invalidation (issue 24): how long after a cast schedule is saved through web node A the
// other web node B plays the new one (B keeps the channel's programs in memory; A's commit reaches it
// as a NOTIFY event, src/server/db/cluster-events.ts). Baseline in the same run: the same change seen
// on A itself, the node that made it. PostgreSQL only (one PGlite process is one node); one S3 bucket
// (s3rver on loopback) shared by both nodes. Run after `npm run build`:
// `npx tsx bench/cluster-invalidation.ts`. Writes "Cross-node invalidation" in docs/perf.md. Bounded:
// BENCH_SWITCHES (default 40) saves, each observed on one node (A and B in turn), polled every 10 ms.
import { Api } from "../test/support/api";
import { makeH264AacMp4, makeMediaDir } from "../test/support/media-fixtures";
import type { Kinora } from "../test/support/server";
import { uploadFile } from "../test/contract/box-fixtures";
import { createCastChannel, dayOf, saveDayOk, timed } from "../test/contract/cast-fixtures";
import { waitReady } from "../test/contract/playback-fixtures";
import { startBenchCluster } from "./cluster-support";
import { assertBuilt, fmt, machine, writeSection } from "./report";

const SWITCHES = Number(process.env.BENCH_SWITCHES ?? 40);
const TARGET_P95_MS = 1000;
const CLIP_SECONDS = 120;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** The ids of `clips` whose segments `url`'s media playlist lists. */
async function playing(url: string, clips: string[]): Promise<string[]> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  const text = await res.text();
  return clips.filter((id) => text.includes(`/${id}/`));
}

async function main(): Promise<void> {
  assertBuilt();
  const header = machine();
  const cluster = await startBenchCluster();
  try {
    const nodes = [await cluster.start({ KINORA_ROLES: "web,worker" }), await cluster.start({ KINORA_ROLES: "web" })];
    const [a, b] = nodes as [Kinora, Kinora];
    const api = new Api(a.url);
    const owner = await api.newUser();
    const clips: string[] = [];
    for (const title of ["bench-a", "bench-b"]) {
      const file = makeH264AacMp4(makeMediaDir("kinora-bench-cluster-"), {
        durationSeconds: CLIP_SECONDS,
        width: 160,
        height: 90,
        name: `${title}.mp4`,
      });
      const res = await uploadFile(api, owner.access, file, { title });
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${res.text}`);
      clips.push((await waitReady(api, owner.access, res.body.boxId)).boxId);
    }
    const { channelId } = await createCastChannel(api, owner);
    const t0 = Math.floor(Date.now() / 1000) * 1000 - 5000;
    const save = (boxId: string) =>
      saveDayOk(api, owner, channelId, dayOf(t0), [timed(t0, t0 + CLIP_SECONDS * 1000, { programType: "PRERECORDED", sourceId: boxId })]);
    await save(clips[0]!);
    const played = await new Api(b.url).post(`/api/public/cast/channel/${channelId}/play`, {}, { token: owner.access });
    if (played.status !== 200) throw new Error(`play: ${played.status} ${played.text}`);
    const master = new URL(played.body.srcs[0].uniqueStreamer);
    const variant = (await (await fetch(master)).text()).split("\n").find((l) => l.endsWith(".m3u8"))!;
    const mediaPath = new URL(variant, master).pathname;
    // both nodes keep the channel's programs
    for (const node of nodes)
      if ((await playing(node.url + mediaPath, clips))[0] !== clips[0]) throw new Error("not playing the first clip");

    const lags: Record<"A" | "B", number[]> = { A: [], B: [] };
    for (let i = 1; i <= SWITCHES; i++) {
      const want = clips[i % 2]!;
      const [label, node] = i % 2 ? (["B", b] as const) : (["A", a] as const);
      await save(want);
      const saved = performance.now();
      for (;;) {
        const now = await playing(node.url + mediaPath, clips);
        if (now.length === 1 && now[0] === want) break;
        if (performance.now() - saved > 10_000) throw new Error(`${label} did not follow in 10 s`);
        await new Promise((r) => setTimeout(r, 10));
      }
      lags[label].push(performance.now() - saved);
      // the other node follows too before the next save
      await new Promise((r) => setTimeout(r, 100));
    }
    const stats = (l: number[]) => {
      const sorted = [...l].sort((x, y) => x - y);
      return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), max: sorted.at(-1)! };
    };
    const [sa, sb] = [stats(lags.A), stats(lags.B)];
    const lines = [
      "`npx tsx bench/cluster-invalidation.ts` after `npm run build`: two web nodes (`npm start`, KINORA_ROLES web,worker and web) on one",
      `PostgreSQL database and one S3 bucket (s3rver), ${SWITCHES} saves of a cast channel's day through node A, each followed on one node`,
      `(A and B in turn) by polling its media playlist every 10 ms from the save's answer until the new program plays; ${header}.`,
      `Baseline: A, the node that made the change, in the same run. Target: B p95 <= ${TARGET_P95_MS} ms.`,
      "",
      "| node | saves | p50 ms | p95 ms | max ms | p95 vs baseline |",
      "| --- | ---: | ---: | ---: | ---: | ---: |",
      `| A (the writer) | ${lags.A.length} | ${fmt(sa.p50, 1)} | ${fmt(sa.p95, 1)} | ${fmt(sa.max, 1)} | 1.0x |`,
      `| B (another node) | ${lags.B.length} | ${fmt(sb.p50, 1)} | ${fmt(sb.p95, 1)} | ${fmt(sb.max, 1)} | ${fmt(sb.p95 / Math.max(sa.p95, 0.1), 1)}x |`,
      "",
      `Verdict: B p95 ${fmt(sb.p95, 1)} ms ${sb.p95 <= TARGET_P95_MS ? "<=" : ">"} ${TARGET_P95_MS} ms: ${sb.p95 <= TARGET_P95_MS ? "met" : "NOT met"}.`,
    ];
    await writeSection("Cross-node invalidation", lines.join("\n"));
    console.log(lines.join("\n"));
  } finally {
    await cluster.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
