import { deliverAttempt } from "@/server/domain/webhooks/deliver";
import type { JobHandlerOf } from "@/server/jobs/registry";

/**
 * webhooks.deliver: one attempt at one receiver (domain/webhooks/deliver). A receiver's failure
 * completes the job (the next attempt is a job of its own, on the Standard Webhooks schedule); the
 * job's own retries are for Kinora's failures (the database).
 */
export const webhooksDeliverJob: JobHandlerOf<"webhooks.deliver"> = {
  run: ({ db, payload }) => deliverAttempt(db, payload),
};
