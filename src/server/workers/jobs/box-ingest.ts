import { markFailed } from "@/server/domain/box/ingest-state";
import { isMediaError } from "@/server/media/ffmpeg/media-error";
import { ingestBoxItem } from "@/server/domain/box/ingest-box-item";
import { getStorage } from "@/server/media/storage";
import type { JobHandlerOf } from "@/server/jobs/registry";
import { withAttemptDir } from "@/server/jobs/work-dir";
import { logger } from "@/server/log/logger.mjs";

/** Failures that a retry cannot fix: the file itself (unreadable, refused, too demanding, too slow). */
const PERMANENT = new Set(["unreadable", "unsupported", "memory", "timeout"]);

/** box.ingest: probe, fast path, poster, preview, ladder of one uploaded box item (domain/box/ingest-box-item). */
export const boxIngestJob: JobHandlerOf<"box.ingest"> = {
  retryable: (error) => !(isMediaError(error) && PERMANENT.has(error.kind)),
  async run({ id, attempt, db, payload, signal }) {
    await withAttemptDir(id, attempt, async (workDir, onSpawn) =>
      ingestBoxItem({ db, storage: await getStorage(), boxItemId: payload.boxItemId, workDir, signal, onSpawn }),
    );
  },
  async onFailed({ db, payload }, error) {
    const reason = isMediaError(error) ? error.reason : "Processing failed unexpectedly; please try uploading the file again.";
    if (!isMediaError(error)) logger().error({ err: error }, `box ${payload.boxItemId}: ingest failed`);
    await markFailed(db, payload.boxItemId, reason);
  },
};
