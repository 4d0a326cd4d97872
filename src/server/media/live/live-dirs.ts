import { mkdir, rename, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/server/db/client";
import { onClusterEvent, publishClusterEvent } from "@/server/db/cluster-events";
import { env } from "@/server/env";
import { logger } from "@/server/log/logger.mjs";
import { LIVE_LADDER, livePaths } from "@/server/media/edge/live-layout.mjs";
import { buildMasterPlaylist } from "@/server/media/ffmpeg/playlists";
import { liveChannelPrefix } from "@/server/media/keys";

// A live channel's HLS in storage (media-url.mjs, tree "live": live/<ownerId>/<channelId>/<file>),
// always on this machine's disk (DATA_DIR/storage), also when STORAGE_DRIVER=s3:
//
//   master.m3u8          written here at every publish: the passthrough, plus the ladder when LIVE_TRANSCODE=1
//   src/index.m3u8 ...   link to nginx-rtmp's HLS of the stream path (DATA_DIR/live/hls/<streamPath>)
//   720p/index.m3u8 ...  links to the ladder's HLS (DATA_DIR/live/ladder/<streamPath>_<rung>)
//
// nginx-rtmp names its directories by stream path; the links give them the channel's place, so the
// signed URLs name the channel and a stream path can change or move to another channel.

/** The passthrough's name in a live home: what the encoder sends, as nginx-rtmp cuts it. */
export const LIVE_PASSTHROUGH = "src";
/** The passthrough's announced bandwidth: unknown before the stream arrives; players measure anyway. */
const PASSTHROUGH_BANDWIDTH = 4_000_000;

const storageRoot = () => path.join(env().dataDir, "storage");

/** A live home on disk: a live channel's or a cast stream's place in the live tree (live/<ownerId>/<id>). */
export const liveHomeDir = (ownerId: string, channelId: string) =>
  path.join(storageRoot(), ...liveChannelPrefix(ownerId, channelId).split("/"));

/** The directories nginx-rtmp writes for a stream path: the passthrough's, then each rung's. */
function streamDirs(streamPath: string): { name: string; dir: string }[] {
  const p = livePaths(env().dataDir);
  return [
    { name: LIVE_PASSTHROUGH, dir: path.join(p.hlsDir, streamPath) },
    ...LIVE_LADDER.map((r) => ({ name: r.name, dir: path.join(p.ladderDir, `${streamPath}_${r.name}`) })),
  ];
}

/** The master playlist of a live channel: the passthrough always, the ladder's rungs when transcoding. */
export function liveMasterPlaylist(transcode: boolean): string {
  return buildMasterPlaylist([
    { uri: `${LIVE_PASSTHROUGH}/index.m3u8`, bandwidth: PASSTHROUGH_BANDWIDTH },
    ...(transcode
      ? LIVE_LADDER.map((r) => ({
          uri: `${r.name}/index.m3u8`,
          bandwidth: (r.videoKbps + r.audioKbps) * 1000,
          width: Math.round((r.height * 16) / 9 / 2) * 2,
          height: r.height,
          codecs: "avc1.640028,mp4a.40.2",
        }))
      : []),
  ]);
}

/**
 * Readies the channel's directory for a publish that was just admitted (nginx-rtmp opens its HLS
 * only after on_publish answered). `fresh`: the previous playlist of the stream path is removed (a
 * new event, another channel); otherwise nginx-rtmp continues it after a discontinuity.
 */
export async function prepareLiveDir(o: { ownerId: string; channelId: string; streamPath: string; fresh: boolean }): Promise<void> {
  const dirs = streamDirs(o.streamPath);
  if (o.fresh) for (const d of dirs) await rm(d.dir, { recursive: true, force: true });
  await linkLiveHome(liveHomeDir(o.ownerId, o.channelId), dirs, env().LIVE_TRANSCODE);
}

/**
 * Links nginx-rtmp's directories (by stream path) into a live home under their names, and writes
 * its master playlist (replaced at once: a player never reads half of it).
 */
export async function linkLiveHome(home: string, dirs: { name: string; dir: string }[], transcode: boolean): Promise<void> {
  await mkdir(home, { recursive: true });
  for (const d of dirs) {
    const link = path.join(home, d.name);
    await rm(link, { force: true });
    await symlink(d.dir, link);
  }
  const temp = path.join(home, `.master-${process.pid}-${Date.now()}.m3u8`);
  await writeFile(temp, liveMasterPlaylist(transcode));
  await rename(temp, path.join(home, "master.m3u8"));
}

/** Which ingest application a live home's stream comes from: a live channel's (passthrough and ladder) or a cast stream's. */
export type LiveHomeKind = "live" | "cast";

/** The directories nginx-rtmp writes for a stream path of `kind`. */
const ingestDirs = (kind: LiveHomeKind, streamPath: string) =>
  kind === "live" ? streamDirs(streamPath).map((d) => d.dir) : [path.join(livePaths(env().dataDir).castHlsDir, streamPath)];

/**
 * A deleted channel's or stream's files on this machine: its directory in storage and, unless a
 * publisher still streams to it (nginx-rtmp keeps writing until it stops), nginx-rtmp's playlists of
 * its stream path. The stream path is free for another channel from now on, which starts with fresh
 * directories anyway.
 */
async function removeHere(o: { kind: LiveHomeKind; ownerId: string; homeId: string; streamPath: string; publishing: boolean }) {
  await rm(liveHomeDir(o.ownerId, o.homeId), { recursive: true, force: true });
  if (!o.publishing) for (const dir of ingestDirs(o.kind, o.streamPath)) await rm(dir, { recursive: true, force: true });
}

const REMOVED_TOPIC = "live.removed";
const STREAM_PATH = /^[a-z0-9][a-z0-9_-]{2,63}$/;

/**
 * Removes a deleted live channel's or cast stream's files here at once, and on every other node
 * (the ingest node that took its publishes keeps them on its disk) through a cluster event, sent at
 * the commit of `db`'s transaction when there is one.
 */
export async function removeLiveHome(
  db: Pick<Db, "$executeRaw">,
  o: { kind: LiveHomeKind; ownerId: string; homeId: string; streamPath: string; publishing: boolean },
): Promise<void> {
  await removeHere(o);
  await publishClusterEvent(db, REMOVED_TOPIC, [o.kind, o.ownerId, o.homeId, o.streamPath, o.publishing ? "1" : "0"].join("/"));
}

/** Removes, on this node, the live homes other nodes deleted (removeLiveHome). */
export function watchRemovedLiveHomes(): () => void {
  return onClusterEvent(REMOVED_TOPIC, (key) => {
    const [kind, ownerId, homeId, streamPath, publishing] = key?.split("/") ?? [];
    if ((kind !== "live" && kind !== "cast") || !ownerId || !homeId || !streamPath || !STREAM_PATH.test(streamPath)) return;
    void removeHere({ kind, ownerId, homeId, streamPath, publishing: publishing === "1" }).catch((err: unknown) =>
      logger().warn({ err, homeId }, "a deleted live home's files could not be removed"),
    );
  });
}
