import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/server/db/client";
import { env } from "@/server/env";
import { enqueueJob, wakeLocalWorkers } from "@/server/jobs/queue";
import { raiseWebhookEvent } from "@/server/webhooks/events";
import { checkLivePassword } from "@/server/media/live/live-password";
import { prepareLiveDir } from "@/server/media/live/live-dirs";
import { onAirEventAt } from "./on-air";
import { publishingStreams } from "@/server/media/live/rtmp-stat";
import { isNodeAlive } from "@/server/lease/cluster-nodes";
import { processId } from "@/server/lease/process-id";
import { liveRecordingKey } from "@/server/media/keys";
import { getStorage } from "@/server/media/storage";
import { logger } from "@/server/log/logger.mjs";
import { livePaths } from "@/server/media/edge/live-layout.mjs";

// nginx-rtmp's callbacks (src/app/internal/live/[hook]/route.ts): a publish is admitted or refused,
// its session opened and closed, its recorded copy handed to the recording job. Each publish is one
// LiveSession row; its openChannelId (unique) admits one publisher per channel, across ingest nodes
// (nodeId: the node that took it, whose disk has its HLS: media/live/live-origin.ts).

export interface PublishRequest {
  /** The stream path (the RTMP stream name). */
  name: string;
  user: string;
  password: string;
  /** nginx-rtmp's id of the publishing connection. */
  clientId: string;
  /** The encoder's address (wrong passwords are counted per user and address). */
  address: string;
}

export type PublishRefusal = "unknown-path" | "foreign-path" | "wrong-password" | "too-many-attempts" | "already-publishing" | "taken-down";
export type PublishDecision = { ok: true; sessionId: string } | { ok: false; reason: PublishRefusal };

/** Without an event, a stream that resumes this soon after it stopped continues its playlist. */
const RESUME_WITHOUT_EVENT_MS = 10 * 60_000;

/**
 * Whether the publisher of a path of `ownerId`'s is its owner: an active account whose userCode is
 * the publish's `user`, with its live password (live channels and cast streams alike).
 */
export async function checkPublisher(db: Db, ownerId: string, r: PublishRequest): Promise<PublishRefusal | undefined> {
  const owner = await db.user.findUnique({
    where: { id: ownerId },
    select: { id: true, userCode: true, status: true, livePasswordHash: true },
  });
  if (!owner || owner.status !== "ACTIVE" || owner.userCode.toLowerCase() !== r.user.trim().toLowerCase()) return "foreign-path";
  const password = await checkLivePassword(db, owner, r.password, r.address);
  if (password === "limited") return "too-many-attempts";
  if (!password) return "wrong-password";
  return undefined;
}

export async function admitPublish(db: Db, r: PublishRequest): Promise<PublishDecision> {
  const channel = await db.liveChannel.findUnique({ where: { streamPath: r.name }, select: { id: true, ownerId: true, takedownId: true } });
  if (!channel) return { ok: false, reason: "unknown-path" };
  const refusal = await checkPublisher(db, channel.ownerId, r);
  if (refusal) return { ok: false, reason: refusal };
  // a channel taken down by the moderators takes no stream (domain/admin), its owner's neither
  if (channel.takedownId) return { ok: false, reason: "taken-down" };

  const now = new Date();
  const previous = await db.liveSession.findFirst({ where: { streamPath: r.name }, orderBy: { startedAt: "desc" } });
  const session = await openSession(db, { channelId: channel.id, ownerId: channel.ownerId, streamPath: r.name, clientId: r.clientId });
  if (!session) return { ok: false, reason: "already-publishing" };
  try {
    await prepareLiveDir({
      ownerId: channel.ownerId,
      channelId: channel.id,
      streamPath: r.name,
      fresh: !(await continuesPrevious(db, channel.id, previous, now)),
    });
  } catch (err) {
    // nginx-rtmp refuses the publish on our error: its session must not stay open
    await endPublish(db, { name: r.name, clientId: r.clientId });
    throw err;
  }
  await raiseWebhookEvent(db, channel.ownerId, "live.started", {
    channelId: channel.id,
    sessionId: session.id,
    startedAt: now.toISOString(),
  });
  wakeLocalWorkers();
  return { ok: true, sessionId: session.id };
}

/**
 * Whether a publish continues the stream path's previous playlist (one playlist with a discontinuity,
 * so players waiting on the page recover): same channel, and the same event on air as when the
 * previous publish ended (without any event: within a few minutes).
 */
async function continuesPrevious(
  db: Db,
  channelId: string,
  previous: { channelId: string; startedAt: Date; endedAt: Date | null } | null,
  now: Date,
): Promise<boolean> {
  if (!previous || previous.channelId !== channelId) return false;
  const then = previous.endedAt ?? previous.startedAt;
  const [eventNow, eventThen] = await Promise.all([onAirEventAt(db, channelId, now), onAirEventAt(db, channelId, then)]);
  if (eventNow || eventThen) return eventNow?.id === eventThen?.id;
  return now.getTime() - then.getTime() < RESUME_WITHOUT_EVENT_MS;
}

/**
 * Opens the channel's session, or undefined when another one is open and really publishing. An open
 * session whose publisher nginx-rtmp no longer has (nginx was killed before on_publish_done), or whose
 * ingest node is gone, is closed.
 */
async function openSession(db: Db, s: { channelId: string; ownerId: string; streamPath: string; clientId: string }) {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      return await db.liveSession.create({ data: { ...s, openChannelId: s.channelId, nodeId: processId() }, select: { id: true } });
    } catch (err) {
      if ((err as { code?: string }).code !== "P2002" || attempt > 0) throw err;
    }
    const open = await db.liveSession.findUnique({ where: { openChannelId: s.channelId } });
    if (!open) continue; // ended meanwhile
    if (await stillPublishing(db, open)) return undefined;
    await db.liveSession.updateMany({
      where: { id: open.id, openChannelId: s.channelId },
      data: { openChannelId: null, endedAt: new Date() },
    });
  }
  return undefined;
}

/** Whether an open session's publisher is still there: on this node, nginx-rtmp has it; on another, that node is alive. */
async function stillPublishing(db: Db, open: { nodeId: string | null; streamPath: string; clientId: string }): Promise<boolean> {
  if (open.nodeId && open.nodeId !== processId()) return isNodeAlive(db, open.nodeId);
  const streams = await publishingStreams();
  return streams === undefined || streams.some((x) => x.name === open.streamPath && x.publisherIds.includes(open.clientId));
}

/** on_publish_done: the session of that connection ends (nothing to do for a refused one). */
export async function endPublish(db: Db, r: { name: string; clientId: string }): Promise<void> {
  const endedAt = new Date();
  const ended = await db.$transaction(async (tx) => {
    const open = await tx.liveSession.findMany({
      where: { streamPath: r.name, clientId: r.clientId, endedAt: null },
      select: { id: true, ownerId: true, channelId: true, startedAt: true },
    });
    const closed = await tx.liveSession.updateMany({
      where: { id: { in: open.map((o) => o.id) }, endedAt: null },
      data: { endedAt, openChannelId: null },
    });
    if (closed.count !== open.length) return false; // another call ended them meanwhile: it tells
    for (const o of open)
      await raiseWebhookEvent(tx, o.ownerId, "live.ended", {
        channelId: o.channelId,
        sessionId: o.id,
        startedAt: o.startedAt.toISOString(),
        endedAt: endedAt.toISOString(),
      });
    return open.length > 0;
  });
  if (ended) wakeLocalWorkers();
}

/**
 * on_record_done (after on_publish_done): the session's copy is complete. The recording job runs
 * after a grace period (LIVE_RECORDING_GRACE_SECONDS), so that a stream that resumes meanwhile is
 * recorded as one box item; the queued job is durable.
 */
export async function recordDone(db: Db, r: { name: string; clientId: string; path: string }): Promise<void> {
  const session = await db.liveSession.findFirst({
    where: { streamPath: r.name, clientId: r.clientId },
    orderBy: { startedAt: "desc" },
    select: { id: true },
  });
  if (session) await handOverCopy(db, session.id, r.path);
  // no session: its channel's account was deleted while it published (domain/admin/delete-user): the copy goes
  else if (isRecordedCopy(r.path)) await rm(r.path, { force: true });
}

/** Whether `file` is in this node's directory of nginx-rtmp's recorded copies (nothing else is touched). */
export const isRecordedCopy = (file: string) => path.resolve(file).startsWith(livePaths(env().dataDir).recordDir + path.sep);

/**
 * A session's recorded copy is complete (`recordPath`, on this ingest node's disk): it moves into media
 * storage, where any worker finds it, and then the recording job takes it after the grace period. The
 * move runs after the hook has answered (a long copy to S3 must not hold nginx-rtmp's callback); one cut
 * by a stop is made again at the ingest's next start (recover-publishes.ts).
 */
export async function handOverCopy(db: Db, sessionId: string, recordPath: string): Promise<void> {
  await db.liveSession.update({ where: { id: sessionId }, data: { recordPath } });
  void storeCopy(db, sessionId).catch((err: unknown) => logger().error({ err, sessionId }, "the recorded copy could not be stored"));
}

/**
 * Moves the session's copy into storage and queues the recording job, once: a copy a cut run moved
 * already is only noted; one neither here nor in storage (another machine's disk) is left alone.
 */
export async function storeCopy(db: Db, sessionId: string): Promise<void> {
  const session = await db.liveSession.findUnique({
    where: { id: sessionId },
    select: { ownerId: true, recordPath: true, recordKey: true },
  });
  if (!session?.recordPath || session.recordKey) return;
  const key = liveRecordingKey(session.ownerId, sessionId);
  const storage = await getStorage();
  if (existsSync(session.recordPath)) await storage.putFile(key, session.recordPath, { move: true, contentType: "video/x-flv" });
  else if (!(await storage.exists(key))) return;
  const runAt = new Date(Date.now() + env().LIVE_RECORDING_GRACE_SECONDS * 1000);
  await db.$transaction(async (tx) => {
    await tx.liveSession.update({ where: { id: sessionId }, data: { recordKey: key } });
    await enqueueJob(tx, "live.recording", { sessionId }, { runAt });
  });
  wakeLocalWorkers();
}
