import { getDb } from "@/server/db/client";
import { castMasterPlaylist, castMediaPlaylist } from "../playout";
import type { CastChannelPlayout, CastPlayoutProgram } from "../playout-types";
import { CAST_TARGET_DURATION_SECONDS, CAST_VARIANTS, CAST_WINDOW_SECONDS } from "./channel-format";
import { channelSchedule } from "./channel-schedule";
import { castLiveSource } from "./live-source";
import { castSegmentUri } from "./segment-urls";
import { castSlate } from "./slate";

/**
 * A cast channel's output as the Node media server serves it (media-node.mjs, tree `cast`): the
 * master playlist, or one variant's media playlist at the clock, from the cached schedule
 * (channel-schedule.ts). Segment URIs are root-relative signed URLs of each segment alone in its
 * source's tree (a box item's hls, a cast stream's live, the slate's hls: segment-urls.ts), charged
 * to the channel's owner's band: acquired contents count against the buyer's.
 */

/** What the edge verified (media-url.mjs MediaGrant): the channel (boxId) of its owner, until `expires`. */
export interface CastGrant {
  ownerId: string;
  boxId: string;
  file: string;
  expires: number;
}

export interface CastOutput {
  body: string;
}

const MASTER = "master.m3u8";

/** The playlist `grant.file` names at `nowMs`, or null (no such channel or variant: 404). */
export async function renderCastOutput(grant: CastGrant, nowMs = Date.now()): Promise<CastOutput | null> {
  const variant = grant.file === MASTER ? null : CAST_VARIANTS.find((v) => `${v.name}.m3u8` === grant.file);
  if (grant.file !== MASTER && !variant) return null;
  const db = await getDb();
  const schedule = await channelSchedule(db, grant.boxId, nowMs);
  if (!schedule || schedule.ownerId !== grant.ownerId) return null;
  const channel: CastChannelPlayout = {
    variants: CAST_VARIANTS,
    slate: await castSlate(),
    targetDurationSeconds: CAST_TARGET_DURATION_SECONDS,
    windowSeconds: CAST_WINDOW_SECONDS,
  };
  if (!variant) return { body: castMasterPlaylist(channel, (v) => `${v.name}.m3u8`) };
  // a LIVE program on air (or just over) relays its stream as the ingest has it now
  const windowFrom = nowMs - (CAST_WINDOW_SECONDS + CAST_TARGET_DURATION_SECONDS) * 1000;
  const programs = await Promise.all(
    schedule.programs.map(async (p): Promise<CastPlayoutProgram> => {
      const ref = schedule.streams.get(p.programId);
      if (p.type !== "LIVE" || !ref || p.endMs <= windowFrom || p.startMs > nowMs) return p;
      return { ...p, stream: await castLiveSource(db, ref, nowMs) };
    }),
  );
  return {
    body: castMediaPlaylist(
      { channel, programs, nowMs, uriFor: (sourceKey, path) => castSegmentUri(grant.ownerId, sourceKey, path, nowMs) },
      variant.name,
    ),
  };
}
