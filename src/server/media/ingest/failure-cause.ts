import { isMediaError } from "@/server/media/ffmpeg/media-error";
import { isStorageFailure } from "@/server/media/storage/counted-storage";
import { isStorageError } from "@/server/media/storage/storage";

// The cause of a failed ingest attempt, for kinora_ingest_failures_total{cause} (docs/operations.md
// "Metrics"): a small fixed set, so each is a series of its own and an alert can tell the uploads'
// faults (probe, decode) from the instance's (encode, memory, timeout, storage, other).

export type IngestFailureCause = "probe" | "decode" | "encode" | "memory" | "timeout" | "storage" | "other";

/** Where the attempt was: fetching the original, probing it (and planning), or producing the renditions. */
export type IngestStage = "original" | "probe" | "encode";

/** The cause of `error` thrown at `stage`; undefined for a cancelled attempt (a stop or a cancel is no failure). */
export function ingestFailureCause(error: unknown, stage: IngestStage): IngestFailureCause | undefined {
  if (isStorageError(error) || isStorageFailure(error)) return "storage";
  if (!isMediaError(error)) return "other";
  switch (error.kind) {
    case "cancelled":
      return undefined;
    case "timeout":
    case "memory":
      return error.kind;
    default:
      // the original lost before it could be read is a storage fault; a file ffprobe cannot read or
      // we refuse is the upload's; past the probe, unreadable input is a decode error, the rest the encoder's
      if (stage === "original") return "storage";
      if (stage === "probe") return "probe";
      return error.kind === "unreadable" ? "decode" : "encode";
  }
}
