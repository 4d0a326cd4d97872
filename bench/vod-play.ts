// What a viewer's play of a pay-per-view vod costs: POST /api/public/vod/{vodId}/play with the
// trackingId of a paid purchase (the entitlement is checked, the URLs are signed) as a share of a
// bare Next route handler (/bench/ceiling) in the same server and run; a FREE vod's play (no
// entitlement) beside it shows what the entitlement check itself costs. PGlite, then PostgreSQL.
// Run after `npm run build`: `npx tsx bench/vod-play.ts`. Writes "Vod play" in docs/perf.md.
// Loopback only, bounded: BENCH_SECONDS (default 10) per case and round, BENCH_ROUNDS (default 3) rounds.
import assert from "node:assert/strict";
import { Api } from "../test/support/api";
import { payThroughSandbox } from "../test/support/checkout";
import { startKinora } from "../test/support/server";
import { clip, uploadClip, waitReady } from "../test/contract/playback-fixtures";
import { compare, fmt, machine, onBothDatabases, writeSection, type LoadCase, type LoadResult } from "./report";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 16;
const TARGET = 0.5; // entitled PPV play >= 50 % of the ceiling

type Results = Record<"ceiling" | "free" | "entitled", LoadResult>;

async function benchDatabase(databaseUrl?: string): Promise<Results> {
  const server = await startKinora({ KINORA_BENCH: "1", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  try {
    const api = new Api(server.url);
    const creator = await api.newUser();
    const file = clip();
    const [ppvBox, freeBox] = [
      await uploadClip(api, creator.access, file, "Bench PPV"),
      await uploadClip(api, creator.access, file, "Bench free"),
    ];
    await Promise.all([waitReady(api, creator.access, ppvBox.boxId), waitReady(api, creator.access, freeBox.boxId)]);
    const publish = async (boxId: string, body: Record<string, unknown>) => {
      const res = await api.post(`/api/box/${boxId}/vod`, body, { token: creator.access });
      assert.equal(res.status, 201, res.text);
      return res.body.vodId as string;
    };
    const ppv = await publish(ppvBox.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: "2,50" });
    const free = await publish(freeBox.boxId, { licenseType: "FREE" });

    // a signed-out viewer (public token) buys the PPV vod through the sandbox checkout
    const viewerToken = await api.publicToken();
    const pay = await api.post(`/api/public/vod/${ppv}/pay`, { returnUrl: `${server.url}/v/${ppv}` }, { token: viewerToken });
    assert.equal(pay.status, 200, pay.text);
    await payThroughSandbox(pay.body.url, pay.body.trackingId);

    const headers = { Authorization: `Bearer ${viewerToken}`, Accept: "application/json", "Content-Type": "application/json" };
    const play = (vodId: string, body: unknown): LoadCase => ({
      url: `${server.url}/api/public/vod/${vodId}/play`,
      connections: CONNECTIONS,
      method: "POST",
      headers,
      body: JSON.stringify(body),
    });
    const cases: Record<keyof Results, LoadCase> = {
      ceiling: { url: `${server.url}/bench/ceiling`, connections: CONNECTIONS },
      free: play(free, {}),
      entitled: play(ppv, { trackingId: pay.body.trackingId }),
    };
    // each case must measure a granted play, not a refusal
    for (const name of ["free", "entitled"] as const) {
      const c = cases[name];
      const res = await fetch(c.url, { method: "POST", headers: c.headers, body: c.body });
      const body = (await res.json()) as { result?: string };
      assert.equal(res.status, 200, `${name}: ${res.status}`);
      assert.equal(body.result, "PLAY", `${name}: ${JSON.stringify(body)}`);
    }
    return await compare(cases, SECONDS, ROUNDS);
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const header = machine();
  const results: Record<string, Results> = await onBothDatabases(benchDatabase);
  const names: Record<keyof Results, string> = {
    ceiling: "ceiling: bare route handler, constant JSON",
    free: "POST /api/public/vod/{vodId}/play, FREE vod",
    entitled: "POST /api/public/vod/{vodId}/play {trackingId}, paid PPV vod",
  };
  const lines = [
    `\`npx tsx bench/vod-play.ts\` after \`npm run build\`: the production server, autocannon on loopback, ${CONNECTIONS} connections, public token,`,
    `median of ${ROUNDS} interleaved rounds of ${SECONDS} s per case; ${header}.`,
    `Target: the entitled viewer's play >= ${TARGET * 100} % of the bare route handler's requests per second in the same run.`,
    "",
    "| database | case | req/s | % of ceiling | p50 ms | p95 ms | failed | target |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |",
  ];
  for (const [database, r] of Object.entries(results)) {
    for (const key of Object.keys(names) as (keyof Results)[]) {
      const x = r[key];
      const share = x.rps / r.ceiling.rps;
      const verdict = key === "entitled" ? (share >= TARGET ? "met" : "**missed**") : "";
      lines.push(
        `| ${database} | ${names[key]} | ${fmt(x.rps)} | ${fmt(100 * share)} % | ${fmt(x.p50, 1)} | ${fmt(x.p95, 1)} | ${x.failures} | ${verdict} |`,
      );
    }
  }
  await writeSection("Vod play", lines.join("\n"));
  console.log(lines.join("\n"));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
