// The caching tier (issue 24, ops/nginx/cache-tier.conf.template): 200 concurrent HLS viewers of one
// paid (PAY_PER_VIEW) vod, each with a signed URL of its own, play it through the tier in front of a
// node's nginx edge. Counted: the tier's cache status of every segment request (X-Kinora-Cache), the
// requests the edge served (its JSON access log, per file), and forged URLs, which the tier must refuse
// without asking the edge. Baseline in the same run: the same 200 viewers straight to the edge (every
// request reaches it). Viewer 0's URL is the one the play operation gave a buyer after a sandbox
// payment; the others are signed with the node's key as play signs them, each with another expiry
// (plays at 199 other seconds). Each viewer reads the master, one rendition (viewer i the i-th, in
// turn) and all its segments. Targets: >= 95 % of segment requests are hits, the edge sees at most one
// request per segment and rendition, no valid URL refused, every forged one refused at the tier.
// Embedded database (the figure is the delivery path's). Run after `npm run build`:
// `npx tsx bench/cache-tier.ts`. Writes "Caching tier" in docs/perf.md. BENCH_VIEWERS (default 200).
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Api } from "../test/support/api";
import { startCacheTier } from "../test/support/cache-tier";
import { payThroughSandbox } from "../test/support/checkout";
import { makeH264AacMp4, makeMediaDir } from "../test/support/media-fixtures";
import { freePort, startKinora } from "../test/support/server";
import { signedMediaBase } from "../src/server/media/edge/media-url.mjs";
import { uploadFile } from "../test/contract/box-fixtures";
import { waitReady } from "../test/contract/playback-fixtures";
import { newUser } from "../test/contract/users-fixtures";
import { publish } from "../test/contract/vod-fixtures";
import { assertBuilt, fmt, machine, writeSection } from "./report";

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 200);
const TTL_SECONDS = 4 * 3600;

interface Tally {
  segments: number;
  hits: number;
  refused: number;
  failed: number;
  ms: number;
}

/** One viewer: master, its rendition, every segment, in order (a player's first pass). */
async function watch(base: string, renditionIndex: number, tally: Tally): Promise<void> {
  const get = async (url: string) => {
    const res = await fetch(url);
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status === 403) tally.refused++;
    else if (res.status !== 200) tally.failed++;
    return { res, body };
  };
  const first = await get(`${base}master.m3u8`);
  if (first.res.status !== 200) return; // refused: a player stops here
  const master = first.body.toString();
  const renditions = master.split("\n").filter((l) => l.endsWith(".m3u8"));
  const rendition = renditions[renditionIndex % renditions.length]!;
  const playlist = (await get(base + rendition)).body.toString();
  const dir = path.posix.dirname(rendition);
  for (const segment of playlist.split("\n").filter((l) => l.endsWith(".ts"))) {
    const { res } = await get(`${base}${dir}/${segment}`);
    tally.segments++;
    if (res.headers.get("x-kinora-cache") === "HIT") tally.hits++;
  }
}

async function crowd(origin: string, bases: string[]): Promise<Tally> {
  const tally: Tally = { segments: 0, hits: 0, refused: 0, failed: 0, ms: 0 };
  const started = performance.now();
  await Promise.all(bases.map((base, i) => watch(origin + base, i, tally)));
  tally.ms = performance.now() - started;
  return tally;
}

/** The edge's requests for media files of `boxId` since `from` bytes into its access log, per file. */
function edgeRequests(logFile: string, from: number, boxId: string): Map<string, number> {
  const perFile = new Map<string, number>();
  for (const line of readFileSync(logFile).subarray(from).toString().split("\n")) {
    if (!line.includes(boxId)) continue;
    const file = (JSON.parse(line) as { path: string }).path.split(`/${boxId}/`)[1]!;
    perFile.set(file, (perFile.get(file) ?? 0) + 1);
  }
  return perFile;
}

const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

async function main(): Promise<void> {
  assertBuilt();
  delete process.env.DATABASE_URL;
  const header = machine();
  const mediaSecret = randomBytes(32).toString("base64url");
  const node = await startKinora({ MEDIA_SECRET: mediaSecret, SMTP_URL: "" });
  const tier = await startCacheTier(await freePort(), [Number(new URL(node.url).port)], mediaSecret);
  try {
    const api = new Api(node.url);
    const [creator, buyer] = [await newUser(api), await newUser(api)];
    const file = makeH264AacMp4(makeMediaDir("kinora-bench-tier-"), { durationSeconds: 12, width: 1280, height: 720 });
    const up = await uploadFile(api, creator.access, file, { title: "Paid film" });
    if (up.status !== 201) throw new Error(`upload: ${up.status} ${up.text}`);
    const item = await waitReady(api, creator.access, up.body.boxId);
    const vod = await publish(api, creator.access, item.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: "3,00" });
    const payment = await api.post(
      `/api/vod/${vod.vodId}/pay`,
      { embedded: false, mobile: false, returnUrl: `${api.url}/back`, cancelUrl: `${api.url}/cancel` },
      { token: buyer.access },
    );
    if (payment.status !== 200) throw new Error(`pay: ${payment.status} ${payment.text}`);
    await payThroughSandbox(payment.body.url, payment.body.trackingId);
    const played = await api.post(`/api/public/vod/${vod.vodId}/play`, {}, { token: buyer.access });
    if (played.status !== 200 || played.body.result !== "PLAY") throw new Error(`play: ${played.status} ${played.text}`);
    const real = new URL(played.body.streamer).pathname.replace(/master\.m3u8$/, "");
    const [, , , , , band, owner, box] = real.split("/");
    const now = Math.floor(Date.now() / 1000);
    const bases = [
      real,
      ...Array.from({ length: VIEWERS - 1 }, (_, i) =>
        signedMediaBase(mediaSecret, "hls", { bandOwnerId: band!, ownerId: owner!, boxId: box! }, now + TTL_SECONDS + i + 1),
      ),
    ];
    if (new Set(bases).size !== VIEWERS) throw new Error("the viewers' URLs are not all different");
    const edgeLog = path.join(node.dataDir, "nginx", "access.log");
    const settle = () => new Promise((r) => setTimeout(r, 1500)); // the edge writes its log every second

    await settle();
    let mark = readFileSync(edgeLog).length;
    const direct = await crowd(node.url, bases);
    await settle();
    const directEdge = edgeRequests(edgeLog, mark, box!);

    mark = readFileSync(edgeLog).length;
    const cached = await crowd(tier.url, bases);
    await settle();
    const tierEdge = edgeRequests(edgeLog, mark, box!);
    // forged: each viewer's URL with another signature
    mark = readFileSync(edgeLog).length;
    const forged = await crowd(
      tier.url,
      bases.map((b) => b.replace(/^(\/media\/[^/]+\/)[^/]+/, `$1${randomBytes(24).toString("base64url")}`)),
    );
    await settle();
    const forgedAtEdge = total(edgeRequests(edgeLog, mark, box!));

    const segmentFiles = [...tierEdge.keys()].filter((f) => f.endsWith(".ts"));
    const maxPerFile = Math.max(...segmentFiles.map((f) => tierEdge.get(f)!));
    const hitShare = cached.hits / cached.segments;
    const met =
      hitShare >= 0.95 &&
      maxPerFile <= 1 &&
      cached.refused === 0 &&
      cached.failed === 0 &&
      forged.refused === VIEWERS &&
      forgedAtEdge === 0;
    const md = `
\`npx tsx bench/cache-tier.ts\` after \`npm run build\`: one node (embedded database, nginx edge, local
storage) and the caching tier of \`ops/nginx/cache-tier.conf.template\` in front of its edge. A creator's
12 s 1280x720 upload, published PAY_PER_VIEW; a buyer pays through the sandbox checkout and plays it.
${VIEWERS} viewers, each with a signed URL of its own (the buyer's from the play operation; the others
signed with the node's key as play signs them, each with another expiry), all at once: master, one
rendition (in turn), all its segments. Baseline in the same run: the same viewers straight to the edge.
Edge requests are read from the edge's JSON access log. ${header}.

| path | segment requests | cache hits | requests the edge served | most requests of one segment at the edge | refused valid URLs | wall time s |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
| straight to the edge (baseline) | ${direct.segments} | - | ${total(directEdge)} | ${Math.max(...[...directEdge].filter(([f]) => f.endsWith(".ts")).map(([, n]) => n))} | ${direct.refused} | ${fmt(direct.ms / 1000, 2)} |
| through the caching tier | ${cached.segments} | ${cached.hits} (${fmt(hitShare * 100, 1)} %) | ${total(tierEdge)} | ${maxPerFile} | ${cached.refused} | ${fmt(cached.ms / 1000, 2)} |

Edge requests through the tier: ${fmt(total(tierEdge) / total(directEdge), 3)} of the baseline's
(${segmentFiles.length} segments and their playlists: one request each). Forged URLs: ${forged.refused} of
${VIEWERS} master requests refused at the tier (403); requests of them the edge saw: ${forgedAtEdge}.
Targets (>= 95 % hits, at most one edge request per segment and rendition, no valid URL refused, every
forged one refused at the tier): ${met ? "met" : "missed"}.
`;
    console.log(md);
    await writeSection("Caching tier", md);
  } finally {
    await tier.stop();
    await node.stop();
  }
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
