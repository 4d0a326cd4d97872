// The cost of one Prometheus scrape of GET /metrics with every route warmed: every documented REST
// operation requested signed out and with a bad token (its path template a label value of
// http_request_duration_seconds, with each status code it answered), the fixed groups too, then BENCH_SCRAPES scrapes
// (default 50) timed one after another. Prints the figure (it is not written to docs/perf.md).
// Run after `npm run build`: `npx tsx bench/metrics-scrape.ts`. Loopback only, bounded; PGlite.
import { startKinora } from "../test/support/server";
import { documentedEndpoints } from "../test/support/spec-endpoints";
import { machine } from "./report";

const SCRAPES = Number(process.env.BENCH_SCRAPES ?? 50);

async function main(): Promise<void> {
  const header = machine();
  const server = await startKinora({ KINORA_BENCH: "1" });
  try {
    // {name} placeholders get a value that matches no row: the request reaches the dispatcher, which notes its template
    const concrete = (template: string) => template.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000");
    const paths = documentedEndpoints().map((e) => ({ method: e.method, path: concrete(e.path) }));
    for (const extra of [
      "/",
      "/terms",
      "/healthz",
      "/readyz",
      "/bench/fail",
      "/media/x",
      "/_next/static/x.js",
      "/api/trpc/x.y",
      "/no-such",
    ])
      paths.push({ method: "GET", path: extra });
    for (const { method, path } of paths)
      for (const auth of [undefined, "Bearer not-a-token"]) {
        const res = await fetch(server.url + path, {
          method,
          headers: { ...(auth ? { Authorization: auth } : {}), ...(method === "GET" ? {} : { "Content-Type": "application/json" }) },
          ...(method === "GET" || method === "HEAD" ? {} : { body: "{}" }),
        });
        await res.arrayBuffer();
      }
    const times: number[] = [];
    let bytes = 0;
    let series = 0;
    for (let i = 0; i < SCRAPES; i++) {
      const started = performance.now();
      const res = await fetch(`${server.url}/metrics`);
      const text = await res.text();
      times.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`/metrics: ${res.status}`);
      bytes = Buffer.byteLength(text);
      series = text.split("\n").filter((l) => l && !l.startsWith("#")).length;
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(`${header}`);
    console.log(`warmed: ${paths.length * 2} requests over ${paths.length} paths (${documentedEndpoints().length} documented operations)`);
    console.log(
      `scrape: ${(bytes / 1024).toFixed(1)} KB, ${series} samples; ${SCRAPES} scrapes: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`,
    );
  } finally {
    await server.stop();
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
