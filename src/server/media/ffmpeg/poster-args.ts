import { fileUrl, globalArgs, hardenedInputArgs, type AcceptedDemuxer } from "./input-format";
import type { HlsPlan, ProbeSummary, Rung } from "./types";

/** Posters are at most 720p (short side): plenty for a thumbnail, small enough to serve often. */
const POSTER_MAX_SHORT_SIDE = 720;

/** The poster size: the largest rung with a short side of at most 720 (the lowest one otherwise). */
export function posterSize(plan: HlsPlan): Pick<Rung, "width" | "height"> {
  const r = plan.rungs.find((x) => Math.min(x.width, x.height) <= POSTER_MAX_SHORT_SIDE) ?? plan.lowest;
  return { width: r.width, height: r.height };
}

/** Where the poster frame is taken: 10 % into the video (past black intro frames), never past the end. */
export function posterSeekSeconds(durationSeconds: number): number {
  return Math.max(0, Math.min(durationSeconds * 0.1, durationSeconds - 0.5));
}

/** One JPEG frame at ~10 % of the duration, scaled to the poster size. */
export function posterArgs(input: string, probe: ProbeSummary, plan: HlsPlan, outPath: string, o: { threads?: number } = {}): string[] {
  if (!probe.video) throw new Error("posterArgs: the probe has no video stream");
  const { width, height } = posterSize(plan);
  return [
    ...globalArgs(),
    ...hardenedInputArgs(input, probe.demuxer as AcceptedDemuxer, {
      threads: o.threads ?? 2,
      seekSeconds: posterSeekSeconds(probe.durationSeconds),
    }),
    ...["-map", `0:${probe.video.index}`, "-frames:v", "1"],
    ...["-vf", `scale=${width}:${height}:flags=bicubic,setsar=1`],
    ...["-c:v", "mjpeg", "-pix_fmt", "yuvj420p", "-q:v", "3"],
    ...["-map_metadata", "-1", "-an", "-sn", "-dn"],
    ...["-protocol_whitelist", "file", "-f", "image2", "-update", "1", fileUrl(outPath)],
  ];
}
