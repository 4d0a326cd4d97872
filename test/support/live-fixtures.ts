// Live channels and events for the ingest tests, inserted in the database directly (the live
// operations' API is built apart; see test/support/database.ts for when SQL may run), and an ffmpeg
// encoder publishing a test pattern with audio over RTMP, as OBS would.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { preparePostgres } from "../../scripts/test-postgres";
import { withDatabase, type Sql } from "./database";
import { ALL_ROLES, startKinora, type Kinora } from "./server";

/**
 * A server of its own for the live tests, with its nginx-rtmp required (LIVE_INGEST=1: fail rather
 * than skip) and, on PostgreSQL, a database of its own with its job worker inside. `sql` runs SQL on
 * its database; on PGlite (one process only) it stops the server meanwhile and starts it again on
 * the same ports and DATA_DIR, so `server` changes.
 */
export interface LiveTestServer {
  server: Kinora;
  sql<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  /** kill -9 of the server (its nginx processes stop with it), then a restart on the same DATA_DIR, database and ports. */
  killAndRestart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startLiveServer(env: Record<string, string> = {}): Promise<LiveTestServer> {
  const ownDb = process.env.DATABASE_URL ? await preparePostgres() : undefined;
  const serverEnv = { SMTP_URL: "", LIVE_INGEST: "1", ...env, ...(ownDb ? { DATABASE_URL: ownDb.url, ...ALL_ROLES } : {}) };
  const restart = (server: Kinora) =>
    startKinora({ ...serverEnv, DATA_DIR: server.dataDir, PORT: new URL(server.url).port, RTMP_PORT: String(server.rtmpPort) });
  const self: LiveTestServer = {
    server: await startKinora(serverEnv),
    async sql(fn) {
      const { server } = self;
      if (!ownDb) await server.stop();
      try {
        return await withDatabase({ dataDir: server.dataDir, databaseUrl: ownDb?.url }, fn);
      } finally {
        if (!ownDb) self.server = await restart(server);
      }
    },
    async killAndRestart() {
      const { server } = self;
      process.kill(server.pid!, "SIGKILL");
      await server.stop(); // resolves once the process is gone
      self.server = await restart(server);
    },
    async stop() {
      await self.server.stop();
      await ownDb?.drop();
    },
  };
  return self;
}

export async function insertLiveChannel(
  sql: Sql,
  o: { ownerUserCode: string; streamPath: string; name?: string },
): Promise<{ id: string; ownerId: string }> {
  const [owner] = await sql<{ id: string }>(`SELECT "id" FROM "User" WHERE "userCode" = $1`, [o.ownerUserCode]);
  if (!owner) throw new Error(`no user ${o.ownerUserCode}`);
  const id = randomUUID();
  await sql(`INSERT INTO "LiveChannel" ("id", "ownerId", "name", "streamPath", "tags", "updatedAt") VALUES ($1, $2, $3, $4, '{}', now())`, [
    id,
    owner.id,
    o.name ?? `Channel ${o.streamPath}`,
    o.streamPath,
  ]);
  return { id, ownerId: owner.id };
}

export async function insertLiveEvent(
  sql: Sql,
  o: { channelId: string; name: string; startsAt: Date; endsAt: Date; recordEvent?: boolean },
): Promise<string> {
  const id = randomUUID();
  await sql(
    `INSERT INTO "LiveEvent" ("id", "channelId", "name", "paymentMode", "startsAt", "endsAt", "recordEvent", "tags", "updatedAt")
     VALUES ($1, $2, $3, 'FREE', $4, $5, $6, '{}', now())`,
    [id, o.channelId, o.name, o.startsAt, o.endsAt, o.recordEvent ?? false],
  );
  return id;
}

export interface Publisher {
  pid: number;
  /** ffmpeg's exit code (non-zero when the ingest refused the publish). */
  exited: Promise<number>;
  output(): string;
  stop(): Promise<number>;
}

/**
 * ffmpeg publishing `seconds` of a 320x180 test pattern (or another lavfi `source`) with a tone, in
 * real time (-re), with a keyframe every `keyframeSeconds` (default 1: the ingest's 1 s fragments), to
 * `url` (rtmp://.../live/<path>?user=..&password=..). `videoFilter` draws on the picture (the latency
 * benchmark's clock).
 */
export function publishTestPattern(
  url: string,
  o: { seconds: number; size?: string; fps?: number; source?: string; videoFilter?: string; keyframeSeconds?: number; bitrate?: string },
): Publisher {
  const fps = o.fps ?? 25;
  const gop = String(Math.round(fps * (o.keyframeSeconds ?? 1)));
  const source = o.source ?? "testsrc2";
  // prettier-ignore
  const args = [
    "-hide_banner", "-loglevel", "error", "-nostdin", "-re",
    "-f", "lavfi", "-i", `${source}${source.includes("=") ? ":" : "="}size=${o.size ?? "320x180"}:rate=${fps}`,
    "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100",
    "-t", String(o.seconds),
    ...(o.videoFilter ? ["-vf", o.videoFilter] : []),
    "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-pix_fmt", "yuv420p",
    ...(o.bitrate ? ["-b:v", o.bitrate, "-maxrate", o.bitrate, "-bufsize", o.bitrate] : []),
    "-g", gop, "-keyint_min", gop, "-sc_threshold", "0",
    "-c:a", "aac", "-b:a", "64k",
    "-f", "flv", url,
  ];
  const child = spawn("ffmpeg", args, { stdio: ["ignore", "ignore", "pipe"] });
  let out = "";
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number>((resolve) => child.once("exit", (code, signal) => resolve(code ?? (signal ? 255 : 0))));
  return {
    pid: child.pid!,
    exited,
    output: () => out,
    stop: () => {
      if (child.exitCode === null) child.kill("SIGINT"); // ffmpeg ends the stream cleanly (on_publish_done)
      return exited;
    },
  };
}
