// Acquiring a 1 GiB content on the marketplace: the real acquire path (POST
// /api/marketplace/{id}/acquire: license, box item sharing the seller's files) of a content whose
// original is a 1 GiB file (sparse: registered as a READY box item, no transcoding; acquire reads no
// byte of it), one request at a time, against the public read of the same listing (GET
// /api/public/marketplace/{id}) in the same run as the baseline; and the bytes in storage and on the
// buyer's quota before and after. Targets (issue 10): acquire <= 50 ms, no growth of storage bytes.
// Run after `npm run build`: `npx tsx bench/market-acquire.ts`. Writes "Marketplace acquire" in
// docs/perf.md. BENCH_ACQUIRES (default 30) acquisitions per database, each of its own listing.
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, statSync, truncateSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Api } from "../test/support/api";
import { withDatabase } from "../test/support/database";
import { startKinora } from "../test/support/server";
import { fmt, machine, onBothDatabases, writeSection } from "./report";

const GiB = 1024 ** 3;
const ACQUIRES = Number(process.env.BENCH_ACQUIRES ?? 30);
const TARGET_MS = 50;

/** Bytes of every file under `dir`: their size and what the filesystem holds (the sparse original holds next to nothing). */
function bytesUnder(dir: string): { apparent: number; allocated: number } {
  let apparent = 0;
  let allocated = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const s = statSync(path.join(entry.parentPath, entry.name));
    apparent += s.size;
    allocated += s.blocks * 512;
  }
  return { apparent, allocated };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

interface Run {
  acquire: { p50: number; p95: number; max: number };
  read: { p50: number; p95: number };
  before: { apparent: number; allocated: number };
  after: { apparent: number; allocated: number };
  buyerStorage: string;
  sellerStorage: string;
}

async function timed(fn: () => Promise<{ status: number; text: string }>, expect: number): Promise<number> {
  const t0 = performance.now();
  const res = await fn();
  const ms = performance.now() - t0;
  if (res.status !== expect) throw new Error(`${res.status} ${res.text}`);
  return ms;
}

async function benchDatabase(databaseUrl?: string): Promise<Run> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "kinora-acquire-bench-"));
  const env = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  let server = await startKinora(env);
  const api0 = new Api(server.url);
  const [seller, buyer] = [await api0.newUser(), await api0.newUser()];
  await server.stop();

  // the seller's 1 GiB content, READY, registered as the upload path leaves it (its original in storage, its size charged)
  const boxId = randomUUID();
  await withDatabase({ dataDir, databaseUrl }, async (sql) => {
    const [owner] = await sql<{ id: string }>(`SELECT "id"::text AS id FROM "User" WHERE "userCode" = $1`, [seller.userCode]);
    const key = `box/${owner!.id}/${boxId}/original`;
    mkdirSync(path.join(dataDir, "storage", path.dirname(key)), { recursive: true });
    writeFileSync(path.join(dataDir, "storage", key), "");
    truncateSync(path.join(dataDir, "storage", key), GiB);
    await sql(
      `INSERT INTO "BoxItem" ("id", "resourceId", "ownerId", "contentId", "title", "status", "progress", "durationSeconds", "sizeBytes", "originalKey",
         "originalFilename", "mimeType", "playableAt", "readyAt", "updatedAt")
       VALUES ($1::uuid, gen_random_uuid(), $2::uuid, $3, 'A 1 GiB content', 'READY', 100, 5400, $4, $5, 'film.mp4', 'video/mp4', now(), now(), now())`,
      [boxId, owner!.id, `urn:bench:${boxId}`, GiB, key],
    );
    await sql(`UPDATE "User" SET "storageUsedBytes" = "storageUsedBytes" + $2 WHERE "id" = $1::uuid`, [owner!.id, GiB]);
  });

  server = await startKinora(env);
  try {
    const api = new Api(server.url);
    const sellerToken = (await api.login(seller.userCode, seller.password)).access;
    const buyerToken = (await api.login(buyer.userCode, buyer.password)).access;
    const listings: string[] = [];
    for (let i = 0; i < ACQUIRES + 3; i++) {
      const res = await api.post(`/api/box/${boxId}/marketplace`, { licenseType: "FREE", download: true }, { token: sellerToken });
      if (res.status !== 201) throw new Error(`publish: ${res.status} ${res.text}`);
      listings.push(res.body.marketplaceId);
    }
    const before = bytesUnder(path.join(dataDir, "storage"));
    const reads: number[] = [];
    const acquires: number[] = [];
    // three warm-up acquisitions (JIT, statement caches), then one fresh acquisition per listing, each after a read of it
    for (const [i, id] of listings.entries()) {
      const read = await timed(() => api.get(`/api/public/marketplace/${id}`, { token: buyerToken }), 200);
      const acquire = await timed(() => api.post(`/api/marketplace/${id}/acquire`, {}, { token: buyerToken }), 200);
      if (i >= 3) {
        reads.push(read);
        acquires.push(acquire);
      }
    }
    const after = bytesUnder(path.join(dataDir, "storage"));
    const [buyerOverview, sellerOverview] = await Promise.all([
      api.get("/api/user/me/overview", { token: buyerToken }),
      api.get("/api/user/me/overview", { token: sellerToken }),
    ]);
    acquires.sort((a, b) => a - b);
    reads.sort((a, b) => a - b);
    return {
      acquire: { p50: quantile(acquires, 0.5), p95: quantile(acquires, 0.95), max: acquires.at(-1)! },
      read: { p50: quantile(reads, 0.5), p95: quantile(reads, 0.95) },
      before,
      after,
      buyerStorage: buyerOverview.body.storage,
      sellerStorage: sellerOverview.body.storage,
    };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const header = machine();
  const runs = await onBothDatabases(benchDatabase);
  const mib = (n: number) => fmt(n / 1024 ** 2, 1);
  const lines = [
    `\`npx tsx bench/market-acquire.ts\` after \`npm run build\`: ${ACQUIRES} acquisitions (FREE, each of its own listing) of one 1 GiB content,`,
    `one request at a time, each after the public read of its listing (the baseline, same run); ${header}.`,
    `Targets: acquire <= ${TARGET_MS} ms; storage bytes do not grow (the acquired box items share the seller's files).`,
    "",
    "| database | acquire p50 ms | acquire p95 ms | acquire max ms | read p50 ms | acquire p50 / read p50 | storage MiB before | after | allocated MiB before | after | buyer's storage (GB) | seller's (GB) |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...Object.entries(runs).map(
      ([database, r]) =>
        `| ${database} | ${fmt(r.acquire.p50, 1)} | ${fmt(r.acquire.p95, 1)} | ${fmt(r.acquire.max, 1)} | ${fmt(r.read.p50, 1)} | ${fmt(r.acquire.p50 / r.read.p50, 2)} | ${mib(r.before.apparent)} | ${mib(r.after.apparent)} | ${mib(r.before.allocated)} | ${mib(r.after.allocated)} | ${r.buyerStorage} | ${r.sellerStorage} |`,
    ),
  ];
  await writeSection("Marketplace acquire", lines.join("\n"));
  console.log(lines.join("\n"));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
