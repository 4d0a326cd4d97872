// Time from the first RTMP packet to a playable playlist: an encoder starts publishing to a channel
// that has no playlist yet (each round its own channel), and the channel's signed media playlist is
// polled every 20 ms through the nginx edge until it lists a fragment (hls.js can start) and two.
// Measured from the encoder's start (ffmpeg launched: an upper bound, its own start-up and the RTMP
// handshake included) and from the publish's admission (the session's start, written by on_publish).
// Target: at most 2 s. Run after `npm run build`: `npx tsx bench/live-startup.ts`. Writes "Live
// start-up" in docs/perf.md. BENCH_ROUNDS (default 8).
import { liveBenchChannels, loadAverage, quantile, sleep } from "./live-support";
import { assertBuilt, fmt, machine, writeSection } from "./report";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const POLL_MS = 20;

const segmentCount = (text: string) => text.split("\n").filter((l) => l.endsWith(".ts")).length;

async function main(): Promise<void> {
  assertBuilt();
  delete process.env.DATABASE_URL;
  const started = machine();
  const loadBefore = loadAverage();
  const { live, channels } = await liveBenchChannels({}, ROUNDS);
  const rounds: { channelId: string; launched: number; one: number; two: number }[] = [];
  try {
    for (const ch of channels) {
      const playlist = `${ch.base}src/index.m3u8`;
      const launched = Date.now();
      const publisher = ch.publish({ seconds: 6 });
      let one = 0;
      let two = 0;
      while (!two && Date.now() - launched < 15_000) {
        const res = await fetch(playlist).catch(() => undefined);
        const n = res?.ok ? segmentCount(await res.text()) : (await res?.arrayBuffer(), 0);
        if (n >= 1 && !one) one = Date.now();
        if (n >= 2) two = Date.now();
        await sleep(POLL_MS);
      }
      await publisher.stop();
      if (!two) throw new Error(`no playlist with two fragments 15 s after the encoder started: ${publisher.output()}`);
      rounds.push({ channelId: ch.id, launched, one, two });
      await sleep(1000);
    }
    // the admissions (LiveSession.startedAt, set by on_publish), read once the rounds are over
    const admitted = new Map(
      await live
        .sql((sql) =>
          sql<{ channelId: string; startedAt: Date }>(
            `SELECT "channelId", "startedAt" FROM "LiveSession" WHERE "channelId" = ANY($1::uuid[])`,
            [rounds.map((r) => r.channelId)],
          ),
        )
        .then((rows) => rows.map((r) => [r.channelId, new Date(r.startedAt).getTime()] as const)),
    );
    const s = (ms: number) => fmt(ms / 1000, 2);
    const stats = (values: number[]) => `${s(quantile(values, 0.5))} | ${s(Math.max(...values))}`;
    const fromLaunch1 = rounds.map((r) => r.one - r.launched);
    const fromLaunch2 = rounds.map((r) => r.two - r.launched);
    const fromAdmit1 = rounds.map((r) => r.one - admitted.get(r.channelId)!);
    const fromAdmit2 = rounds.map((r) => r.two - admitted.get(r.channelId)!);
    const worst = Math.max(...fromLaunch1);
    const md = `
\`npx tsx bench/live-startup.ts\` after \`npm run build\`: ${ROUNDS} rounds, each a new channel: ffmpeg (320x180, 25 fps, 1 s GOP,
ultrafast) starts publishing, and the channel's signed media playlist is polled every ${POLL_MS} ms through the nginx
edge until it lists one fragment (hls.js can start) and two. ${started}; load average (1/5/15 min) ${loadBefore} before, ${loadAverage()} after.

| from | to | median s | max s |
| --- | --- | ---: | ---: |
| encoder launched (upper bound: ffmpeg start-up and RTMP handshake included) | playlist with 1 fragment | ${stats(fromLaunch1)} |
| encoder launched | playlist with 2 fragments | ${stats(fromLaunch2)} |
| publish admitted (on_publish answered; the session's start) | playlist with 1 fragment | ${stats(fromAdmit1)} |
| publish admitted | playlist with 2 fragments | ${stats(fromAdmit2)} |

Target (first RTMP packet to a playable playlist at most 2 s): ${worst <= 2000 ? "met in every round, even counted from the encoder's launch" : "missed"}.
`;
    console.log(md);
    await writeSection("Live start-up", md);
  } finally {
    await live.stop();
  }
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
