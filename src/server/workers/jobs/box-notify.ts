import { notifyProcessed } from "@/server/domain/box/notify-processed";
import type { JobHandlerOf } from "@/server/jobs/registry";

/**
 * box.notify: the owner's mail about a finished upload (domain/box/notify-processed). Queued once per
 * transition, in the transaction that makes it (domain/box/ingest-state), so a retried ingest never
 * queues it twice; a failed send is retried here (SMTP down) without touching the item.
 */
export const boxNotifyJob: JobHandlerOf<"box.notify"> = {
  run: ({ db, payload }) => notifyProcessed(db, payload),
};
