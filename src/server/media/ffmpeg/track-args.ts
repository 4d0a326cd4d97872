import path from "node:path";
import { hlsOutputArgs } from "./hls-args";
import { fileUrl, globalArgs, hardenedInputArgs, type AcceptedDemuxer } from "./input-format";
import type { ProbeSummary, ProbeTrack } from "./types";

// The source's other tracks (issue 26): a text subtitle stream converted to WebVTT, an audio stream
// beyond the first as an audio-only HLS rendition (copied when it is AAC LC: remux first; else AAC
// stereo at 128 kbit/s, as the video renditions' audio).

export const AUDIO_TRACK_KBPS = 128;

/** One subtitle stream to a WebVTT file (ffmpeg's webvtt encoder; styling of ASS dropped). */
export function subtitlesArgs(input: string, probe: ProbeSummary, track: ProbeTrack, outPath: string): string[] {
  return [
    ...globalArgs(),
    ...hardenedInputArgs(input, probe.demuxer as AcceptedDemuxer, { threads: 1 }),
    ...["-map", `0:${track.index}`, "-c:s", "webvtt", "-map_metadata", "-1"],
    ...["-protocol_whitelist", "file", "-f", "webvtt", fileUrl(outPath)],
  ];
}

/** Whether an audio stream goes into HLS as it is. */
export const copiesAudio = (track: ProbeTrack) => track.codec === "aac" && (track.profile === undefined || track.profile === "LC");

/** One audio stream to an audio-only HLS rendition in `outDir` (index.m3u8 and its segments). */
export function audioTrackArgs(input: string, probe: ProbeSummary, track: ProbeTrack, outDir: string): string[] {
  return [
    ...globalArgs(),
    ...hardenedInputArgs(input, probe.demuxer as AcceptedDemuxer, { threads: 1 }),
    ...["-map", `0:${track.index}`, "-vn", "-sn", "-dn", "-map_metadata", "-1", "-map_chapters", "-1"],
    ...(copiesAudio(track) ? ["-c:a", "copy"] : ["-c:a", "aac", "-b:a", `${AUDIO_TRACK_KBPS}k`, "-ac", "2"]),
    ...hlsOutputArgs(path.join(outDir, "seg_%05d.ts"), path.join(outDir, "index.m3u8")),
  ];
}
