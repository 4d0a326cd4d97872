import { getDb } from "@/server/db/client";
import { castMasterPlaylist, NUMBERING_REACH_MS, windowHead, windowPlaylist } from "../playout";
import { captionMediaPlaylist, captionSegment, channelCaptionTracks, isCaptionLanguage } from "../cast-captions";
import type { CastChannelPlayout, CastPlayoutInput, CastPlayoutProgram } from "../playout-types";
import { CAST_TARGET_DURATION_SECONDS, CAST_VARIANTS, CAST_WINDOW_SECONDS } from "./channel-format";
import { numberedCastWindow } from "./cast-numbering";
import { channelSchedule } from "./channel-schedule";
import { castLiveSource } from "./live-source";
import { castSegmentUri } from "./segment-urls";
import { castSlate } from "./slate";

/**
 * A cast channel's output as the Node media server serves it (media-node.mjs, tree `cast`): the
 * master playlist, one variant's media playlist at the clock, or a caption track's playlist or
 * WebVTT segment (cast-captions.ts), from the cached schedule
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
/** A caption track's files (cast-captions.ts): its playlist, and its WebVTT segment for the variant segment starting at <ms>. */
const CAPTIONS_PLAYLIST = /^subs\/([^/]+)\/index\.m3u8$/;
const CAPTIONS_SEGMENT = /^subs\/([^/]+)\/(\d{1,15})\.vtt$/;
const captionsPlaylistUri = (language: string) => `subs/${language}/index.m3u8`;

/** What `grant.file` names: the master, a variant's playlist, a caption track's playlist or one of its segments. */
type Wanted =
  | { kind: "master" }
  | { kind: "variant"; name: string }
  | { kind: "captions"; language: string }
  | { kind: "captionSegment"; language: string; startMs: number };

function wanted(file: string): Wanted | null {
  if (file === MASTER) return { kind: "master" };
  const variant = CAST_VARIANTS.find((v) => `${v.name}.m3u8` === file);
  if (variant) return { kind: "variant", name: variant.name };
  const playlist = CAPTIONS_PLAYLIST.exec(file);
  if (playlist && isCaptionLanguage(playlist[1]!)) return { kind: "captions", language: playlist[1]! };
  const segment = CAPTIONS_SEGMENT.exec(file);
  if (segment && isCaptionLanguage(segment[1]!)) return { kind: "captionSegment", language: segment[1]!, startMs: Number(segment[2]) };
  return null;
}

/** The file `grant.file` names at `nowMs`, or null (no such channel, variant or caption segment: 404). */
export async function renderCastOutput(grant: CastGrant, nowMs = Date.now()): Promise<CastOutput | null> {
  const want = wanted(grant.file);
  if (!want) return null;
  const db = await getDb();
  const schedule = await channelSchedule(db, grant.boxId, nowMs);
  if (!schedule || schedule.ownerId !== grant.ownerId) return null;
  const channel: CastChannelPlayout = {
    variants: CAST_VARIANTS,
    slate: await castSlate(),
    targetDurationSeconds: CAST_TARGET_DURATION_SECONDS,
    windowSeconds: CAST_WINDOW_SECONDS,
  };
  if (want.kind === "master") {
    const captions = channelCaptionTracks(schedule.programs, nowMs - CAST_WINDOW_SECONDS * 1000, captionsPlaylistUri);
    return { body: castMasterPlaylist(channel, (v) => `${v.name}.m3u8`, captions) };
  }
  // a LIVE program on air (or just over) relays its stream as the ingest has it now, back to where
  // a window may number on from (cast-numbering.ts)
  const windowFrom = nowMs - Math.max(NUMBERING_REACH_MS, (CAST_WINDOW_SECONDS + CAST_TARGET_DURATION_SECONDS) * 1000);
  const programs = await Promise.all(
    schedule.programs.map(async (p): Promise<CastPlayoutProgram> => {
      const ref = schedule.streams.get(p.programId);
      if (p.type !== "LIVE" || !ref || p.endMs <= windowFrom || p.startMs > nowMs) return p;
      return { ...p, stream: await castLiveSource(db, ref, nowMs) };
    }),
  );
  const input: CastPlayoutInput = {
    channel,
    programs,
    nowMs,
    uriFor: (sourceKey, path) => castSegmentUri(grant.ownerId, sourceKey, path, nowMs),
  };
  if (want.kind === "captionSegment") {
    const body = captionSegment(input, want.language, want.startMs);
    return body === null ? null : { body };
  }
  // the playlists: numbered on from what the channel's earlier playlists listed
  const window = await numberedCastWindow(db, grant.boxId, input, want.kind === "variant" ? want.name : channel.variants[0]!.name);
  if (want.kind === "variant") return { body: windowPlaylist(channel, window) };
  return { body: captionMediaPlaylist({ ...input, numbering: windowHead(window) }, (startMs) => `${startMs}.vtt`) };
}
