import type { MediaErrorKind } from "./types";

/**
 * A failed probe or ffmpeg run. `reason` is one sentence for the owner of the upload (it ends up in
 * BoxItem.failureReason); `detail` is the tail of ffmpeg's stderr for the logs.
 */
export class MediaError extends Error {
  constructor(
    readonly kind: MediaErrorKind,
    readonly reason: string,
    readonly detail = "",
  ) {
    super(detail ? `${reason} (${detail.split("\n").filter(Boolean).slice(-3).join(" | ")})` : reason);
    this.name = "MediaError";
  }
}

/** By name too: Next may bundle this module into several chunks, each with its own class. */
export const isMediaError = (e: unknown): e is MediaError =>
  e instanceof MediaError || (e instanceof Error && e.name === "MediaError" && typeof (e as MediaError).reason === "string");
