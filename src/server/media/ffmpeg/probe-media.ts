import { MediaError } from "./media-error";
import { buildProbeArgs, parseProbeOutput, probeFailure } from "./probe-args";
import { runLimited, type RunLimits } from "./run-ffmpeg";
import type { ProbeSummary } from "./types";

export const PROBE_LIMITS: RunLimits = { timeoutMs: 30_000, memoryLimitMb: 1024 };

/**
 * ffprobe under the same limits and input restrictions as ffmpeg. Refused containers (playlists,
 * concat lists, images, text) and unreadable files reject with a MediaError whose `reason` is for
 * the owner.
 */
export async function probeMedia(inputPath: string, limits: Partial<RunLimits> = {}): Promise<ProbeSummary> {
  let stdout: string;
  try {
    ({ stdout } = await runLimited("ffprobe", buildProbeArgs(inputPath), { ...PROBE_LIMITS, ...limits, keepStdout: true }));
  } catch (e) {
    const exited =
      e instanceof MediaError && (e.kind === "unreadable" || (e.kind === "failed" && !e.reason.includes("could not be started")));
    if (exited) throw probeFailure(e.detail, inputPath);
    throw e;
  }
  return parseProbeOutput(stdout);
}
