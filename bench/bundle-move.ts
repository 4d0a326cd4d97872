// What a move costs in a bundle of 1,000 items: POST /api/contentbundle/{bundleId}/items/move with
// random indexes, one request at a time, interleaved with a trivial authenticated GET (GET
// /api/user/me, the baseline) in the same server and run, on PGlite and then on PostgreSQL. A move
// writes one row (sparse positions, src/server/domain/bundles/item-positions.ts) and answers the
// whole bundle (1,000 items); GET items (the same answer, no write) is measured too, so the write's
// own share shows. A second series moves the last item into the same place again and again: every
// ~10 moves the gap there is used up and the bundle is renumbered, the worst case of the scheme.
// The contents are written by SQL as the ingest leaves them (READY, with a poster each).
// Run after `npm run build`: `npx tsx bench/bundle-move.ts`. Writes "Bundle moves" in docs/perf.md.
// Bounded: BENCH_MOVES (default 300) measured requests per case.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Api } from "../test/support/api";
import { withDatabase } from "../test/support/database";
import { startKinora } from "../test/support/server";
import { fillBundle, writeBundleContents } from "./bench-bundle";
import { fmt, machine, onBothDatabases, writeSection } from "./report";

const ITEMS = 1000;
const MOVES = Number(process.env.BENCH_MOVES ?? 300);
const WARM_UP = 30;
const TARGET_MS = 20; // move p50

interface Series {
  p50: number;
  p95: number;
  max: number;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const series = (ms: number[]): Series => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), max: sorted[sorted.length - 1] ?? NaN };
};

/** One request, timed from sending to the last byte of the answer; anything but 200 stops the run. */
async function timed(url: string, init: RequestInit): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, init);
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${init.method ?? "GET"} ${url}: ${res.status} ${text.slice(0, 200)}`);
  return ms;
}

type Results = Record<"me" | "items" | "move" | "sameGap", Series>;

async function benchDatabase(databaseUrl?: string): Promise<Results> {
  const env = { KINORA_BENCH: "1", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "kinora-bundle-bench-"));
  // the creator registers through the interface; 1,000 READY contents of theirs are written by SQL
  // with the server stopped (PGlite is one process's), then go into the bundle through insert
  let server = await startKinora({ ...env, DATA_DIR: dataDir });
  const creator = await new Api(server.url).newUser();
  await server.stop();
  await withDatabase({ dataDir, databaseUrl }, (sql) => writeBundleContents(sql, creator.userCode, ITEMS));
  server = await startKinora({ ...env, DATA_DIR: dataDir });
  try {
    const api = new Api(server.url);
    const { access } = await api.login(creator.userCode, creator.password);
    const bundleId = await fillBundle(api, access, ITEMS);

    const headers = { Authorization: `Bearer ${access}`, Accept: "application/json", "Content-Type": "application/json" };
    const me = () => timed(`${server.url}/api/user/me`, { headers });
    const items = () => timed(`${server.url}/api/contentbundle/${bundleId}/items`, { headers });
    const move = (fromIndex: number, toIndex: number) =>
      timed(`${server.url}/api/contentbundle/${bundleId}/items/move`, {
        method: "POST",
        headers,
        body: JSON.stringify({ fromIndex, toIndex }),
      });
    // random moves that move something (toIndex is neither fromIndex nor fromIndex + 1)
    const randomMove = () => {
      const from = Math.floor(Math.random() * ITEMS);
      let to = from;
      while (to === from || to === from + 1) to = Math.floor(Math.random() * (ITEMS + 1));
      return move(from, to);
    };
    for (let i = 0; i < WARM_UP; i++) {
      await me();
      await items();
      await randomMove();
    }
    const runs: Record<keyof Results, number[]> = { me: [], items: [], move: [], sameGap: [] };
    // interleaved, so a burst of outside load on the shared machine hits every case alike
    for (let i = 0; i < MOVES; i++) {
      runs.me.push(await me());
      runs.items.push(await items());
      runs.move.push(await randomMove());
      runs.sameGap.push(await move(ITEMS - 1, 1));
    }
    return { me: series(runs.me), items: series(runs.items), move: series(runs.move), sameGap: series(runs.sameGap) };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const header = machine();
  const results = await onBothDatabases(benchDatabase);
  const names: Record<keyof Results, string> = {
    me: "baseline: GET /api/user/me",
    items: `GET items (the ${fmt(ITEMS)} items, no write)`,
    move: "move, random indexes",
    sameGap: "move, the last item before the second again and again (renumbered every ~10 moves)",
  };
  const lines = [
    `\`npx tsx bench/bundle-move.ts\` after \`npm run build\`: a bundle of ${fmt(ITEMS)} items (READY contents with posters written by SQL, put in through insert),`,
    `${MOVES} requests per case, one at a time and interleaved, timed to the last byte of the answer (a move answers all ${fmt(ITEMS)} items); ${header}.`,
    `Target: a move's p50 at most ${TARGET_MS} ms, without rewriting every row (one row per move; the rare renumbering is one UPDATE).`,
    "",
    "| database | case | p50 ms | p95 ms | max ms | p50 vs baseline |",
    "| --- | --- | ---: | ---: | ---: | ---: |",
  ];
  for (const [database, r] of Object.entries(results)) {
    for (const key of Object.keys(names) as (keyof Results)[]) {
      const x = r[key];
      lines.push(
        `| ${database} | ${names[key]} | ${fmt(x.p50, 1)} | ${fmt(x.p95, 1)} | ${fmt(x.max, 1)} | ${fmt(x.p50 / r.me.p50, 1)} x |`,
      );
    }
  }
  await writeSection("Bundle moves", lines.join("\n"));
  console.log(lines.join("\n"));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
