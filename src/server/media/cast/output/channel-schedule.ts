import type { Db, DbOrTx } from "@/server/db/client";
import { onClusterEvent, publishClusterEvent } from "@/server/db/cluster-events";
import type { CastPlayoutProgram } from "../playout-types";
import { boxSource } from "./box-sources";

/**
 * Each channel's programs around now, kept in memory so that a playlist request never reads the
 * database in the steady state: loaded for [now - LOOK_BACK, now + LOOK_AHEAD), loaded again when
 * the clock nears its end, when the channel's days are written or the channel deleted on any node
 * (castScheduleChanged: an event to every node, db/cluster-events.ts) and at the latest after MAX_AGE
 * (a box item deleted under a program).
 */

const HOUR_MS = 3_600_000;
const LOOK_BACK_MS = 2 * HOUR_MS;
const LOOK_AHEAD_MS = 3 * HOUR_MS;
/** CastPlayoutInput wants programs up to an hour and a minute away: reload before that is no longer held. */
const RELOAD_AHEAD_MS = 1.5 * HOUR_MS;
const MAX_AGE_MS = 5 * 60_000;

/** A LIVE program's stream: read from the ingest at each request (output/live-source.ts). */
export interface StreamRef {
  ownerId: string;
  streamId: string;
}

export interface ChannelSchedule {
  ownerId: string;
  /** LIVE programs carry `stream: null` here; `streams` names their stream. */
  programs: CastPlayoutProgram[];
  streams: Map<string, StreamRef>;
}

interface Entry {
  loading: Promise<ChannelSchedule | null>;
  loadedAt: number;
}

// An entry is set when its load begins: an invalidation removes it, so a load begun before a write
// is never served after it.
const slot = globalThis as unknown as { __kinoraCastSchedules?: Map<string, Entry>; __kinoraCastScheduleEvents?: () => void };
const schedules = (slot.__kinoraCastSchedules ??= new Map());

const TOPIC = "cast.schedule";
// every node forgets a channel's programs when any node changed them (all of them after a gap in the events)
slot.__kinoraCastScheduleEvents ??= onClusterEvent(TOPIC, (channelId) =>
  channelId === null ? schedules.clear() : schedules.delete(channelId),
);

/**
 * A channel's programs changed (written, or the channel deleted): this node forgets them at once,
 * every node when `db`'s transaction commits (or at once outside one); the next playlist reads them again.
 */
export async function castScheduleChanged(db: DbOrTx, channelId: string): Promise<void> {
  schedules.delete(channelId);
  await publishClusterEvent(db, TOPIC, channelId);
}

async function loadSchedule(db: Db, channelId: string, nowMs: number): Promise<ChannelSchedule | null> {
  const channel = await db.castChannel.findUnique({
    where: { id: channelId },
    select: { ownerId: true, takedownId: true, owner: { select: { status: true } } },
  });
  // off air: a suspended owner, a channel taken down (domain/admin)
  if (!channel || channel.owner.status !== "ACTIVE" || channel.takedownId) return null;
  const [fromMs, toMs] = [nowMs - LOOK_BACK_MS, nowMs + LOOK_AHEAD_MS];
  const rows = await db.castProgram.findMany({
    where: { channelId, startsAt: { lt: new Date(toMs) }, endsAt: { gt: new Date(fromMs) } },
    select: {
      id: true,
      itemType: true,
      startsAt: true,
      endsAt: true,
      offsetSeconds: true,
      stream: { select: { id: true, ownerId: true } },
      boxItem: { select: { id: true, ownerId: true, status: true, media: { select: { id: true, ownerId: true } } } },
    },
  });
  const streams = new Map<string, StreamRef>();
  const programs = await Promise.all(
    rows.map(async (r): Promise<CastPlayoutProgram> => {
      const times = { programId: r.id, startMs: r.startsAt.getTime(), endMs: r.endsAt.getTime() };
      if (r.itemType === "PRERECORDED" && r.boxItem?.status === "READY") {
        const home = r.boxItem.media
          ? { ownerId: r.boxItem.media.ownerId, boxId: r.boxItem.media.id }
          : { ownerId: r.boxItem.ownerId, boxId: r.boxItem.id };
        return { ...times, type: "PRERECORDED", content: await boxSource(home), offsetSeconds: r.offsetSeconds };
      }
      if (r.itemType === "LIVE") {
        if (r.stream) streams.set(r.id, { ownerId: r.stream.ownerId, streamId: r.stream.id });
        return { ...times, type: "LIVE", stream: null };
      }
      // a BREAK, and a program whose content is gone: the slate
      return { ...times, type: "BREAK" };
    }),
  );
  return { ownerId: channel.ownerId, programs, streams };
}

const fresh = (e: Entry, nowMs: number) =>
  nowMs >= e.loadedAt && nowMs - e.loadedAt < MAX_AGE_MS && nowMs + RELOAD_AHEAD_MS <= e.loadedAt + LOOK_AHEAD_MS;

/** The channel's schedule around `nowMs` (null: no such channel, or its owner is not active). */
export function channelSchedule(db: Db, channelId: string, nowMs: number): Promise<ChannelSchedule | null> {
  const cached = schedules.get(channelId);
  if (cached && fresh(cached, nowMs)) return cached.loading;
  const entry: Entry = { loading: loadSchedule(db, channelId, nowMs), loadedAt: nowMs };
  schedules.set(channelId, entry);
  entry.loading.catch(() => schedules.get(channelId) === entry && schedules.delete(channelId));
  return entry.loading;
}
