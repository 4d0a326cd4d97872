// The watch page /v/{vodId}: its server response time against baselines measured in the same run and
// server (a bare route handler; /healthz, the liveness route: no database call since issue 23, runs
// before it read one `SELECT 1`; /terms, a page of the same layout without data), and the JavaScript a viewer's Chromium downloads for it. Run after `npm run build`: `npx tsx bench/watch-page.ts`.
// Writes "Watch page" in docs/perf.md. Loopback only, bounded: BENCH_SECONDS (default 5) per case and
// round, BENCH_ROUNDS (default 3) rounds, on PGlite and then on PostgreSQL.
import sharp from "sharp";
import { chromium, type Page } from "@playwright/test";
import { Api } from "../test/support/api";
import { startKinora } from "../test/support/server";
import { startWorkerProcess } from "../test/support/worker";
import { hideNativeHls } from "../e2e/helpers/hide-native-hls";
import { postMultipart } from "../test/contract/box-fixtures";
import { publish, readyItem } from "../test/contract/vod-fixtures";
import { compare, fmt, machine, onBothDatabases, writeSection, type LoadCase, type LoadResult } from "./report";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_P50_MS = 50;
const JS_BUDGET_BYTES = 200 * 1024;

type Case = "ceiling" | "healthz" | "terms" | "watch" | "embed" | "ceiling8" | "watch8";
type JsCase = "ppv" | "free" | "freePlayed" | "freePlayedHlsJs" | "embed";
interface Results {
  load: Record<Case, LoadResult>;
  js: Record<JsCase, { bytes: number; scripts: number }>;
}

/** Script bytes as transferred (compressed body) since the page opened, and how many scripts. */
function scriptCounter(page: Page): () => Promise<{ bytes: number; scripts: number }> {
  const responses: Promise<number>[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script")
      responses.push(
        r
          .finished()
          .then(() => r.request().sizes())
          .then((s) => s.responseBodySize),
      );
  });
  return async () => ({ bytes: (await Promise.all(responses)).reduce((a, b) => a + b, 0), scripts: responses.length });
}

/** What Chromium downloads for a page, at load and after pressing the player's Play button (optionally without native HLS). */
async function measureJs(url: string, o: { play?: boolean; noNativeHls?: boolean } = {}): Promise<{ bytes: number; scripts: number }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const page = await browser.newPage();
    if (o.noNativeHls) await hideNativeHls(page);
    const count = scriptCounter(page);
    await page.goto(url, { waitUntil: "networkidle" });
    if (o.play) {
      await page.getByRole("button", { name: "Play", exact: true }).click();
      await page.waitForFunction(() => (document.querySelector("video")?.currentTime ?? 0) > 0.5, undefined, { timeout: 30_000 });
      await page.waitForLoadState("networkidle");
    }
    return await count();
  } finally {
    await browser.close();
  }
}

async function benchDatabase(databaseUrl?: string): Promise<Results> {
  const server = await startKinora({ KINORA_BENCH: "1", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  // PostgreSQL: the ingest of the page's video runs in a job worker process, as deployed
  const worker = databaseUrl ? await startWorkerProcess({ DATABASE_URL: databaseUrl, DATA_DIR: server.dataDir }) : undefined;
  try {
    const api = new Api(server.url);
    const creator = await api.newUser();
    // a page as creators make them: a thumbnail, a page title and picture, a description, tags
    const png = await sharp({ create: { width: 1280, height: 720, channels: 3, background: "#357" } })
      .png()
      .toBuffer();
    const thumb = await postMultipart(api, "/api/thumbnail", creator.access, {}, { name: "thumbnail", filename: "t.png", data: png });
    if (thumb.status !== 201) throw new Error(`thumbnail: ${thumb.status} ${thumb.text}`);
    const { thumbnailId } = thumb.body as { thumbnailId: string };
    const profile = {
      ...creator.user.profile,
      pageTitle: "Harbour films",
      pageDescription: "Boats, cranes and night shifts.",
      thumbnailId,
    };
    await api.post("/api/user/me", { ...creator.user, profile }, { token: creator.access });
    const item = await readyItem(api, creator.access, {
      title: "Harbour at night",
      description: "Cranes unloading a container ship, one long take.\nRecorded in the port at 3 a.m.",
      tags: ["harbour", "night"],
      thumbnailId,
    });
    const ppv = await publish(api, creator.access, item.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: "2,50" });
    const free = await publish(api, creator.access, item.boxId, { licenseType: "FREE" });
    const page = (path: string, connections = 1): LoadCase => ({ url: server.url + path, connections, headers: { Accept: "text/html" } });
    const cases: Record<Case, LoadCase> = {
      ceiling: page("/bench/ceiling"),
      healthz: page("/healthz"),
      terms: page("/terms"),
      watch: page(`/v/${ppv.vodId}`),
      embed: page(`/embed/v/${ppv.vodId}`),
      ceiling8: page("/bench/ceiling", 8),
      watch8: page(`/v/${ppv.vodId}`, 8),
    };
    for (const [name, c] of Object.entries(cases)) {
      const res = await fetch(c.url, { headers: c.headers });
      if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
    }
    const load = await compare(cases, SECONDS, ROUNDS);
    const js: Results["js"] = {
      ppv: await measureJs(`${server.url}/v/${ppv.vodId}`),
      free: await measureJs(`${server.url}/v/${free.vodId}`),
      freePlayed: await measureJs(`${server.url}/v/${free.vodId}`, { play: true }),
      freePlayedHlsJs: await measureJs(`${server.url}/v/${free.vodId}`, { play: true, noNativeHls: true }),
      embed: await measureJs(`${server.url}/embed/v/${ppv.vodId}`),
    };
    return { load, js };
  } finally {
    await worker?.stop();
    await server.stop();
  }
}

async function main(): Promise<void> {
  const header = machine();
  const results = await onBothDatabases(benchDatabase);
  const names: Record<Case, string> = {
    ceiling: "baseline: bare route handler (/bench/ceiling), 1 client",
    healthz: "baseline: /healthz (liveness, no database), 1 client",
    terms: "baseline: GET /terms (same layout, no data), 1 client",
    watch: "GET /v/{vodId}, pay-per-view, signed out, 1 client",
    embed: "GET /embed/v/{vodId}, 1 client",
    ceiling8: "baseline: bare route handler, 8 clients",
    watch8: "GET /v/{vodId}, 8 clients",
  };
  const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;
  const lines = [
    `\`npx tsx bench/watch-page.ts\` after \`npm run build\`: the production server (\`npm start\`, nginx edge when installed), autocannon on loopback,`,
    `median of ${ROUNDS} interleaved rounds of ${SECONDS} s per case; ${header}. The page: a pay-per-view vod with a thumbnail,`,
    `description and tags, its publisher's page title and picture, rendered for a signed-out visitor (the whole HTML, metadata in the head).`,
    `Targets: p50 <= ${TARGET_P50_MS} ms for one client; at most ${JS_BUDGET_BYTES / 1024} KB of JavaScript transferred for the page in Chromium.`,
    "",
    "| database | case | req/s | p50 ms | p95 ms | p50 / bare handler | p50 / healthz | p50 / terms | failed |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const [database, r] of Object.entries(results)) {
    for (const key of Object.keys(names) as Case[]) {
      const x = r.load[key];
      const eight = key.endsWith("8");
      const ratio = (base: LoadResult) => (eight ? "" : fmt(x.p50 / base.p50, 1));
      lines.push(
        `| ${database} | ${names[key]} | ${fmt(x.rps)} | ${fmt(x.p50, 1)} | ${fmt(x.p95, 1)} | ${fmt(x.p50 / (eight ? r.load.ceiling8 : r.load.ceiling).p50, 1)} | ${ratio(r.load.healthz)} | ${ratio(r.load.terms)} | ${x.failures} |`,
      );
    }
  }
  const p50s = Object.entries(results).map(([database, r]) => ({ database, p50: r.load.watch.p50 }));
  lines.push(
    "",
    `Watch page p50 for one client: ${p50s.map((x) => `${fmt(x.p50, 1)} ms (${x.database})`).join(", ")}; target <= ${TARGET_P50_MS} ms: ${p50s.every((x) => x.p50 <= TARGET_P50_MS) ? "met" : "NOT met"}.`,
    "",
    "JavaScript transferred (compressed bodies of script responses, counted by Playwright in Debian's Chromium, page loaded until the network is idle):",
    "",
    "| database | page | scripts | transferred | budget |",
    "| --- | --- | ---: | ---: | --- |",
  );
  const jsNames: Record<JsCase, string> = {
    ppv: "/v/{vodId} pay-per-view, not bought (preview, price, Buy)",
    free: "/v/{vodId} free",
    freePlayed: "/v/{vodId} free, after pressing Play (Chromium's own HLS)",
    freePlayedHlsJs: "/v/{vodId} free, after pressing Play, native HLS hidden (hls.js loaded)",
    embed: "/embed/v/{vodId}",
  };
  for (const [database, r] of Object.entries(results)) {
    for (const key of Object.keys(jsNames) as JsCase[]) {
      const x = r.js[key];
      const verdict =
        key === "freePlayedHlsJs" ? "(after the viewer's click; not the page's)" : x.bytes <= JS_BUDGET_BYTES ? "met" : "NOT met";
      lines.push(`| ${database} | ${jsNames[key]} | ${x.scripts} | ${kb(x.bytes)} | ${verdict} |`);
    }
  }
  await writeSection("Watch page", lines.join("\n"));
  console.log(lines.join("\n"));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
