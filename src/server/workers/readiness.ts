// Readiness (/readyz): can this instance serve? Each check answers within its own short timeout, so
// the whole report comes within a few seconds even when PostgreSQL hangs. docs/operations.md
// "Health checks" says what each check means and which ones fail readiness.
import { mkdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { getDb, migrationsDir, queryOf } from "@/server/db/client";
import { localMigrationNames } from "@/server/db/migrate";
import { env } from "@/server/env";
import { isStopping } from "@/server/http/lifecycle.mjs";
import { getStorage, storageConfigFromEnv } from "@/server/media/storage";
import { ALIVE_SECONDS, countAliveNodes } from "@/server/lease/cluster-nodes";

export interface CheckResult {
  ok: boolean;
  /** Why it failed (ok false). */
  error?: string;
  /** A failing check that does not fail readiness (ok false, the instance still serves). */
  warning?: string;
  ms?: number;
  /** worker, ingest: how many nodes of that role were seen in the last minute. */
  alive?: number;
}

export interface ReadinessReport {
  status: "ok" | "failing" | "stopping";
  /** The checks that make the answer 503. */
  failed: string[];
  checks: Record<string, CheckResult>;
}

/** Each check's time limit: the report comes in well under 5 s even when every check hangs. */
const CHECK_TIMEOUT_MS = 2000;

class CheckTimeout extends Error {}

function withTimeout<T>(work: () => Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work(), timeout]).finally(() => clearTimeout(timer));
}

async function timed(work: () => Promise<CheckResult | void>): Promise<CheckResult> {
  const started = performance.now();
  try {
    const result = (await withTimeout(work)) ?? { ok: true };
    return { ...result, ms: Math.round(performance.now() - started) };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err), ms: Math.round(performance.now() - started) };
  }
}

/** The applied migrations' names (this is also the database check: one round trip). */
async function appliedMigrations(): Promise<string[]> {
  const db = await getDb();
  const rows = await queryOf(db)<{ migration_name: string }>(
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    [],
  );
  return rows.map((r) => r.migration_name);
}

async function checkStorage(): Promise<void> {
  const config = storageConfigFromEnv(env());
  if (config.driver === "local") {
    // writable: a small file written and removed in the storage directory itself
    await mkdir(config.root, { recursive: true });
    const probe = path.join(config.root, `.readyz-${process.pid}`);
    await writeFile(probe, "ok");
    await unlink(probe);
    return;
  }
  // S3: the bucket answers (a missing object is an answer; storage keys never start with a dot)
  await (await getStorage()).stat("readyz-probe");
}

/**
 * A node of `role` seen in the last minute. Without a job worker the instance still serves (pages,
 * playback, uploads) while jobs wait in the queue; without an ingest node everything but going live
 * works. So warnings, not failures (a scale-out deployment's web nodes stay in the balancer while
 * the workers or ingest nodes restart).
 */
const WITHOUT = {
  worker: ["no job worker", "jobs (media ingest) wait"],
  ingest: ["no ingest node", "live streams cannot start"],
} as const;

function checkRole(role: keyof typeof WITHOUT): () => Promise<CheckResult> {
  return async () => {
    const alive = await countAliveNodes(await getDb(), role);
    if (alive > 0) return { ok: true, alive };
    const [what, consequence] = WITHOUT[role];
    return { ok: false, alive, warning: `${what} seen in the last ${ALIVE_SECONDS} s: ${consequence}` };
  };
}

export async function readiness(): Promise<ReadinessReport> {
  if (isStopping())
    return { status: "stopping", failed: ["stopping"], checks: { stopping: { ok: false, error: "the process is stopping" } } };
  let applied: string[] | undefined;
  const [database, storage, worker, ingest] = await Promise.all([
    timed(async () => {
      applied = await appliedMigrations();
    }),
    timed(checkStorage),
    timed(checkRole("worker")),
    timed(checkRole("ingest")),
  ]);
  const migrations: CheckResult = applied
    ? await timed(async () => {
        const done = new Set(applied);
        const pending = (await localMigrationNames(migrationsDir())).filter((name) => !done.has(name));
        if (pending.length) return { ok: false, error: `not applied: ${pending.join(", ")}` };
      })
    : { ok: false, error: "not checked: the database did not answer" };
  // the worker and ingest checks never fail readiness, not even when they could not be made (the
  // database check says why)
  for (const check of [worker, ingest]) if (!check.ok && !check.warning) check.warning = "not known: the heartbeats could not be read";
  const checks: Record<string, CheckResult> = { database, migrations, storage, worker, ingest };
  // a check that fails with a warning only reports; the others make the answer 503
  const failed = Object.entries(checks)
    .filter(([, c]) => !c.ok && !c.warning)
    .map(([name]) => name);
  return { status: failed.length ? "failing" : "ok", failed, checks };
}
