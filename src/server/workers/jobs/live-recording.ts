import { makeRecording } from "@/server/domain/live/make-recording";
import type { JobHandlerOf } from "@/server/jobs/registry";
import { withAttemptDir } from "@/server/jobs/work-dir";
import { logger } from "@/server/log/logger.mjs";

/** live.recording: a publish's recorded copy becomes (part of) its event's recording, a box item (domain/live/make-recording). */
export const liveRecordingJob: JobHandlerOf<"live.recording"> = {
  async run({ id, attempt, db, sql, payload, signal }) {
    await withAttemptDir(id, attempt, (workDir, onSpawn) =>
      makeRecording({ db, sql, sessionId: payload.sessionId, workDir, signal, onSpawn }),
    );
  },
  async onFailed({ payload }, error) {
    // the copy stays in DATA_DIR/live/rec (its session row names it) for the operator to recover
    logger().error({ err: error }, `live session ${payload.sessionId}: the recording could not be made`);
  },
};
