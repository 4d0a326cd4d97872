// Sizing figures for docs/deploy.md (issue 24): what one core of each role does, measured on the
// scale-out topology (PostgreSQL, one S3 bucket on s3rver, nodes with their own KINORA_ROLES and
// DATA_DIR) as CPU seconds of each node's own processes (the launcher, its nginx, the worker's ffmpeg
// runs; not PostgreSQL's nor the bucket's, which are sized on their own):
// - a web node: REST requests answered per CPU second (the public overview, autocannon, 16 connections);
// - a worker: seconds of 1080p video ingested per CPU second (upload to READY: the fast path, the poster,
//   the 4-rung ladder, the preview);
// - delivery: bytes of HLS segments served per CPU second by a web node's edge with S3 storage (nginx
//   checks, Node streams from the bucket), and by the caching tier on hits (nginx alone), as 3 Mbit/s
//   viewers (a 720p rung).
// Run after `npm run build`: `npx tsx bench/sizing.ts`. Writes "Sizing" in docs/perf.md.
// BENCH_SECONDS (default 10) of load per case; BENCH_CLIP_SECONDS (default 30) of video.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { Api } from "../test/support/api";
import { startCacheTier } from "../test/support/cache-tier";
import { makeH264AacMp4, makeMediaDir } from "../test/support/media-fixtures";
import { freePort } from "../test/support/server";
import { uploadFile } from "../test/contract/box-fixtures";
import { playWhenReady, waitReady } from "../test/contract/playback-fixtures";
import { newUser } from "../test/contract/users-fixtures";
import { startBenchCluster } from "./cluster-support";
import { nginxCpuSeconds } from "./live-support";
import { assertBuilt, fmt, hasWrk, load, machine, processTreeCpuSeconds, wrk, writeSection } from "./report";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIP_SECONDS = Number(process.env.BENCH_CLIP_SECONDS ?? 30);
const VIEWER_BITS_PER_SECOND = 3_000_000;

/** Segment requests for `seconds` at 16 connections: wrk when installed (autocannon's client caps large bodies at ~30 req/s). */
async function fetchLoad(url: string, seconds: number): Promise<{ rps: number; failures: number }> {
  return hasWrk ? wrk(url, seconds, 16) : load({ url, connections: 16 }, seconds);
}

/** Runs `work` and returns its result with the CPU seconds `cpu()` grew by meanwhile. */
async function measured<T>(cpu: () => number, work: () => Promise<T>): Promise<{ result: T; cpu: number }> {
  const before = cpu();
  const result = await work();
  return { result, cpu: cpu() - before };
}

async function main(): Promise<void> {
  assertBuilt();
  const header = machine();
  const mediaSecret = randomBytes(32).toString("base64url");
  const cluster = await startBenchCluster({ MEDIA_SECRET: mediaSecret });
  try {
    const web = await cluster.start({ KINORA_ROLES: "web" });
    const worker = await cluster.start({ KINORA_ROLES: "worker" }, /Kinora worker ready/);
    const api = new Api(web.url);
    const u = await newUser(api);

    // a web node: REST
    const overview = {
      url: `${web.url}/api/public/user/${u.userCode}/overview`,
      connections: 16,
      headers: { Authorization: `Bearer ${await api.publicToken()}`, Accept: "application/json" },
    };
    await load(overview, 2); // warm-up
    const rest = await measured(
      () => processTreeCpuSeconds(web.pid!),
      () => load(overview, SECONDS),
    );
    const restPerCpu = (rest.result.rps * SECONDS) / rest.cpu;

    // a worker: ingest
    const clip = makeH264AacMp4(makeMediaDir("kinora-bench-sizing-"), { durationSeconds: CLIP_SECONDS, width: 1920, height: 1080 });
    const ingest = await measured(
      () => processTreeCpuSeconds(worker.pid!),
      async () => {
        const up = await uploadFile(api, u.access, clip, { title: "Sizing" });
        if (up.status !== 201) throw new Error(`upload: ${up.status} ${up.text}`);
        return waitReady(api, u.access, up.body.boxId, 600_000);
      },
    );
    const videoPerCpu = CLIP_SECONDS / ingest.cpu;

    // delivery: one segment of the 720p rung, through the web node's edge (S3: Node streams it) and the tier
    const played = await playWhenReady(api, u.access, ingest.result.boxId);
    const master = new URL(played.streamer);
    const base = master.pathname.replace(/master\.m3u8$/, "");
    const rendition = (await (await fetch(web.url + master.pathname)).text())
      .split("\n")
      .find((l) => l.endsWith(".m3u8") && l.includes("720"))!;
    const segment = (await (await fetch(`${web.url}${base}${rendition}`)).text()).split("\n").find((l) => l.endsWith(".ts"))!;
    const segmentPath = `${base}${path.posix.dirname(rendition)}/${segment}`;
    const probe = await fetch(web.url + segmentPath);
    if (probe.status !== 200) throw new Error(`${segmentPath}: ${probe.status}`);
    const segmentBytes = (await probe.arrayBuffer()).byteLength;
    await fetchLoad(web.url + segmentPath, 2); // warm-up
    const edge = await measured(
      () => processTreeCpuSeconds(web.pid!),
      () => fetchLoad(web.url + segmentPath, SECONDS),
    );
    const tier = await startCacheTier(await freePort(), [Number(new URL(web.url).port)], mediaSecret);
    let cached;
    try {
      await fetchLoad(tier.url + segmentPath, 2); // fills the cache
      const hit = await fetch(tier.url + segmentPath);
      await hit.arrayBuffer();
      if (hit.headers.get("x-kinora-cache") !== "HIT") throw new Error(`the tier answers ${hit.headers.get("x-kinora-cache")}, not HIT`);
      cached = await measured(
        () => nginxCpuSeconds(path.join(tier.prefix, "nginx.pid")),
        () => fetchLoad(tier.url + segmentPath, SECONDS),
      );
    } finally {
      await tier.stop();
    }
    const viewersPerCpu = (r: { result: { rps: number }; cpu: number }) =>
      (r.result.rps * SECONDS * segmentBytes * 8) / r.cpu / VIEWER_BITS_PER_SECOND;
    const failures = rest.result.failures + edge.result.failures + cached.result.failures;

    const md = `
\`npx tsx bench/sizing.ts\` after \`npm run build\`: PostgreSQL, one S3 bucket (s3rver), a web node
(\`KINORA_ROLES=web\`) and a worker (\`KINORA_ROLES=worker\`), each with its own \`DATA_DIR\`. CPU seconds are
those of each node's own processes (the launcher, its nginx, the worker's ffmpeg runs), not PostgreSQL's
nor the bucket's. ${SECONDS} s of load per case, 16 connections on loopback (REST: autocannon; segments:
${hasWrk ? "wrk, one thread" : "autocannon"}); ${header}.

| role | work | measured | CPU s | per CPU second |
| --- | --- | --- | ---: | ---: |
| web | GET /api/public/user/{userCode}/overview | ${fmt(rest.result.rps)} req/s, p95 ${fmt(rest.result.p95, 1)} ms | ${fmt(rest.cpu, 1)} | ${fmt(restPerCpu)} requests |
| worker | ingest of a ${CLIP_SECONDS} s 1080p H.264/AAC upload to READY (4 rungs, poster, preview) | ${fmt(ingest.cpu, 1)} CPU s | ${fmt(ingest.cpu, 1)} | ${fmt(videoPerCpu, 3)} s of video |
| web (edge, S3) | a ${fmt(segmentBytes / 1e6, 2)} MB 720p segment through the edge (nginx checks, Node streams from the bucket) | ${fmt(edge.result.rps)} req/s | ${fmt(edge.cpu, 1)} | ${fmt(viewersPerCpu(edge))} viewers at 3 Mbit/s |
| caching tier | the same segment, cache hits | ${fmt(cached.result.rps)} req/s | ${fmt(cached.cpu, 1)} | ${fmt(viewersPerCpu(cached))} viewers at 3 Mbit/s |

Failed requests: ${failures}. A viewer at 3 Mbit/s is a 720p rung watched in real time (${fmt(VIEWER_BITS_PER_SECOND / 8 / 1e6, 3)} MB/s).
`;
    console.log(md);
    await writeSection("Sizing", md);
  } finally {
    await cluster.stop();
  }
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
