// Runs once when the server process starts: open the database (migrations and reference data)
// before the first request, so a migration failure stops the start instead of failing requests.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Next may run this inside the first request: the timers and loops started here (job worker,
  // heartbeat, band meter, sweeps) must not log with that request's id (docs/operations.md "Logs")
  const { withLogContext } = await import("@/server/log/logger.mjs");
  await withLogContext({}, async () => {
    const { closeDb, getDbAccess } = await import("@/server/db/client");
    const database = await getDbAccess();
    const { db } = database;
    // the launcher's stop (src/server/http/lifecycle.mjs): the database closes once the requests have
    // finished, so PGlite's next start needs no recovery
    const { whenStopped, whenStopping } = await import("@/server/http/lifecycle.mjs");
    whenStopped(closeDb);
    // `npm run backup` on PGlite: the launcher serves a dump this process takes (src/server/backup/control.mjs)
    if (!process.env.DATABASE_URL) (await import("@/server/backup/pglite-dump")).providePgliteDump();
    await (await import("@/server/domain/licenses/reference-data")).seedReference(db);
    // /metrics (answered by the launcher): the job queue and workers alive are read from this database
    (await import("@/server/workers/metrics-sources")).registerMetricSources(db, { rtmp: true });
    // Uploads of dead processes: their temp files and progress bars go (at once on PGlite, else by lease).
    const { env } = await import("@/server/env");
    const { startProcessLease } = await import("@/server/workers/process-lease");
    await startProcessLease(db, { sole: !env().DATABASE_URL, ttlSeconds: env().JOB_LEASE_SECONDS });
    // Demo content (scripts/up.sh sets KINORA_DEMO=1): seeded here because only this process may open PGlite.
    if (process.env.KINORA_DEMO === "1") await (await import("@/server/workers/demo-seed")).seedDemo(database);
    // Band metering: counts the media bytes this instance's edge (nginx or the Node media server) logged.
    (await import("@/server/domain/playback/band-meter")).startBandMeter(db);
    // Cast channels' playlists: the launcher's media server renders them through this (media-node.mjs serveCast).
    await (await import("@/server/media/cast/output/register-cast-output")).registerCastOutput(db);
    // Durable jobs (media ingest): in this process on PGlite (it owns the database), on PostgreSQL only
    // with KINORA_WORKER=1 (a one-box deployment); otherwise `npm run worker` processes run them.
    if (!env().DATABASE_URL || env().KINORA_WORKER) {
      const { startJobWorker } = await import("@/server/workers/start-job-worker");
      const worker = await startJobWorker(database, { soleWorker: !env().DATABASE_URL, inProcess: true });
      // at once: running jobs are stopped (ffmpeg too) and handed back, queued for the next start
      whenStopping(() => worker.stop());
    }
  });
}
