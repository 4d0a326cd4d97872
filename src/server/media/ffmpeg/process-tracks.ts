import { mkdir, readFile, readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { MediaError } from "./media-error";
import { measureBandwidth, parseMediaPlaylist } from "./playlists";
import { prepareOutDir, withLimits, type ProcessOptions } from "./process-media";
import { runFfmpeg } from "./run-ffmpeg";
import { planStoryboard, storyboardArgs, storyboardVtt, type StoryboardPlan } from "./storyboard-args";
import { audioTrackArgs, subtitlesArgs } from "./track-args";
import type { ProbeSummary, ProbeTrack } from "./types";

// Running track-args.ts: the source's subtitle streams as WebVTT text, its other audio streams as
// audio-only HLS renditions, its storyboard (issue 26), under the same limits as every ffmpeg run.

/** The subtitle stream as WebVTT text (written to `outPath` on the way). */
export async function extractSubtitles(
  input: string,
  probe: ProbeSummary,
  track: ProbeTrack,
  outPath: string,
  o: ProcessOptions = {},
): Promise<string> {
  await mkdir(path.dirname(outPath), { recursive: true });
  await runFfmpeg(subtitlesArgs(input, probe, track, outPath), withLimits("track", probe, o));
  return readFile(outPath, "utf8");
}

/** An audio-only rendition written to `outDir` (fresh): what its AudioTrack row needs. */
export async function encodeAudioTrack(
  input: string,
  probe: ProbeSummary,
  track: ProbeTrack,
  outDir: string,
  o: ProcessOptions = {},
): Promise<{ bandwidth: number; averageBandwidth: number; codecs: string; durationSeconds: number }> {
  await prepareOutDir(outDir);
  await runFfmpeg(audioTrackArgs(input, probe, track, outDir), withLimits("track", probe, o));
  const playlist = parseMediaPlaylist(await readFile(path.join(outDir, "index.m3u8"), "utf8").catch(() => ""));
  if (!playlist.ended || playlist.segments.length === 0)
    throw new MediaError("unreadable", "An audio track of the file could not be read; the file may be damaged.");
  const sized = await Promise.all(
    playlist.segments.map(async (s) => ({ durationSeconds: s.durationSeconds, sizeBytes: (await stat(path.join(outDir, s.uri))).size })),
  );
  const { peak, average } = measureBandwidth(sized);
  // AAC LC, as copied (copiesAudio) or as our encoder writes it
  return { bandwidth: peak, averageBandwidth: average, codecs: "mp4a.40.2", durationSeconds: playlist.totalSeconds };
}

export const STORYBOARD_TRACK = "thumbnails.vtt";

/** The storyboard's sheets and its track (STORYBOARD_TRACK) written to `outDir` (fresh). */
export async function makeStoryboard(input: string, probe: ProbeSummary, outDir: string, o: ProcessOptions = {}): Promise<StoryboardPlan> {
  await prepareOutDir(outDir);
  const plan = planStoryboard(probe);
  await runFfmpeg(storyboardArgs(input, probe, plan, outDir), withLimits("storyboard", probe, o));
  const written = (await readdir(outDir)).filter((f) => /^sheet_\d{3}\.jpg$/.test(f)).length;
  if (written === 0) throw new MediaError("unreadable", "No frame could be read for the storyboard; the file may be damaged.");
  // a video a little shorter than its probed duration may fill one sheet fewer: the cues stop there
  const sheets = Math.min(plan.sheets, written);
  const fitted = { ...plan, sheets, count: Math.min(plan.count, sheets * plan.columns * plan.rows) };
  await writeFile(path.join(outDir, STORYBOARD_TRACK), storyboardVtt(fitted, probe.durationSeconds));
  return fitted;
}
