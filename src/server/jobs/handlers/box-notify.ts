import { notifyProcessed, type ProcessedTransition } from "@/server/domain/box/notify-processed";
import { defineJob } from "../registry";

export type BoxNotifyPayload = ProcessedTransition;

/**
 * box.notify: the owner's mail about a finished upload (domain/box/notify-processed). Queued once per
 * transition, in the transaction that makes it (domain/box/ingest-state), so a retried ingest never
 * queues it twice; a failed send is retried here (SMTP down) without touching the item.
 */
export const boxNotifyJob = defineJob<BoxNotifyPayload>({
  type: "box.notify",
  maxAttempts: 5,
  backoffSeconds: (attempt) => 30 * attempt * attempt,
  run: ({ db, payload }) => notifyProcessed(db, payload),
});
