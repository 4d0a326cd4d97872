import { makeRecording } from "@/server/live/make-recording";
import { defineJob } from "../registry";
import { withAttemptDir } from "../work-dir";

export type LiveRecordingPayload = { sessionId: string };

/** live.recording: a publish's recorded copy becomes (part of) its event's recording, a box item (live/make-recording). */
export const liveRecordingJob = defineJob<LiveRecordingPayload>({
  type: "live.recording",
  maxAttempts: 5,
  backoffSeconds: (attempt) => 30 * attempt * attempt,
  async run({ id, attempt, db, payload, signal }) {
    await withAttemptDir(id, attempt, (workDir, onSpawn) => makeRecording({ db, sessionId: payload.sessionId, workDir, signal, onSpawn }));
  },
  async onFailed({ payload }, error) {
    // the copy stays in DATA_DIR/live/rec (its session row names it) for the operator to recover
    console.error(`live session ${payload.sessionId}: the recording could not be made:`, error);
  },
});
