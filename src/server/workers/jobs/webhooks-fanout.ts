import { fanOutEvent } from "@/server/domain/webhooks/fan-out";
import type { JobHandlerOf } from "@/server/jobs/registry";

/** webhooks.fanout: one raised event to each endpoint of its user that wants it (domain/webhooks/fan-out). */
export const webhooksFanoutJob: JobHandlerOf<"webhooks.fanout"> = {
  run: async ({ db, payload }) => void (await fanOutEvent(db, payload)),
};
