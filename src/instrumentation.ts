// Runs once when the server process starts: open the database (migrations and reference data)
// before the first request, so a migration failure stops the start instead of failing requests.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Next may run this inside the first request: the timers and loops started here (job worker,
  // heartbeat, band meter, sweeps) must not log with that request's id (docs/operations.md "Logs")
  const { withLogContext } = await import("@/server/log/logger.mjs");
  // the launcher waits for this start-up before it says it is ready, and refuses to start when it failed
  const { markStarted, whenStopped, whenStopping } = await import("@/server/http/lifecycle.mjs");
  try {
    await withLogContext({}, async () => {
      const { closeDb, getDbAccess } = await import("@/server/db/client");
      const database = await getDbAccess();
      const { db } = database;
      // the launcher's stop (src/server/http/lifecycle.mjs): the database closes once the requests have
      // finished, so PGlite's next start needs no recovery
      whenStopped(closeDb);
      // `npm run backup` on PGlite: the launcher serves a dump this process takes (src/server/backup/control.mjs)
      if (!process.env.DATABASE_URL) (await import("@/server/backup/pglite-dump")).providePgliteDump();
      await (await import("@/server/domain/licenses/reference-data")).seedReference(db);
      const { env } = await import("@/server/env");
      // /metrics (answered by the launcher): the job queue and workers alive are read from this database
      (await import("@/server/workers/metrics-sources")).registerMetricSources(db, { rtmp: env().KINORA_ROLES.includes("ingest") });
      // Uploads of dead processes: their temp files and progress bars go (at once on PGlite, else by lease).
      const { startProcessLease } = await import("@/server/workers/process-lease");
      await startProcessLease(db, { sole: !env().DATABASE_URL, ttlSeconds: env().JOB_LEASE_SECONDS });
      // Demo content (scripts/up.sh sets KINORA_DEMO=1): seeded here because only this process may open PGlite.
      if (process.env.KINORA_DEMO === "1") await (await import("@/server/workers/demo-seed")).seedDemo(database);
      // Band metering: counts the media bytes this node's edge (nginx or the Node media server) logged.
      if (env().KINORA_ROLES.includes("web")) (await import("@/server/domain/playback/band-meter")).startBandMeter(db);
      // The players' analytics beacons: the launcher takes them before Next (rest/beacon-intake.ts).
      (await import("@/server/rest/beacon-intake")).registerBeaconIntake();
      // Cast channels' playlists: the launcher's media server renders them through this (media-node.mjs serveCast).
      await (await import("@/server/media/cast/output/register-cast-output")).registerCastOutput(db);
      // Live HLS another ingest node has on its disk: the launcher's media server fetches it from there (media/live/live-origin.ts).
      if (env().DATABASE_URL) (await import("@/server/media/live/live-origin")).registerLiveOrigin(db);
      // Live files another node deleted (a channel or cast stream): removed from this node's disk too.
      (await import("@/server/media/live/live-dirs")).watchRemovedLiveHomes();
      // This node's row among the instance's nodes (its roles, its storage: workers/node-heartbeat.ts),
      // gone when it stops; then, with the worker role, the durable jobs (media ingest) run here
      const node = await (
        await import("@/server/workers/node-heartbeat")
      ).joinCluster(db, env().KINORA_ROLES, { sole: !env().DATABASE_URL });
      whenStopped(() => node.stop());
      if (env().KINORA_ROLES.includes("worker")) {
        const { startJobWorker } = await import("@/server/workers/start-job-worker");
        const worker = await startJobWorker(database, { soleWorker: !env().DATABASE_URL });
        // at once: running jobs are stopped (ffmpeg too) and handed back, queued for the next start
        whenStopping(() => worker.stop());
      }
    });
    markStarted();
  } catch (err) {
    // told as it is now (Next then rewrites the message of the error it rethrows)
    markStarted(err instanceof Error ? new Error(err.message) : err);
    throw err;
  }
}
