import { randomUUID } from "node:crypto";
import type { Db } from "@/server/db/client";
import type { JobPayloads } from "@/server/jobs/kinds";
import { enqueueJobs, wakeLocalWorkers } from "@/server/jobs/queue";

/**
 * One raised event (webhooks/events.ts) to every enabled endpoint of its user that wants it: a
 * delivery row each and its first attempt's job, in one transaction. A retried fan-out skips the
 * endpoints that already have the message (a fan-out that committed but was not marked done).
 */
export async function fanOutEvent(db: Db, event: JobPayloads["webhooks.fanout"]): Promise<number> {
  const body = JSON.stringify({ type: event.type, timestamp: event.timestamp, data: event.data });
  const made = await db.$transaction(
    async (tx) => {
      const endpoints = await tx.webhookEndpoint.findMany({
        where: {
          userId: event.userId,
          disabledAt: null,
          events: { has: event.type },
          deliveries: { none: { messageId: event.messageId } },
        },
        select: { id: true },
      });
      const deliveries = endpoints.map((e) => ({
        id: randomUUID(),
        endpointId: e.id,
        messageId: event.messageId,
        eventType: event.type,
        payload: body,
      }));
      if (!deliveries.length) return 0;
      await tx.webhookDelivery.createMany({ data: deliveries });
      await enqueueJobs(
        tx,
        "webhooks.deliver",
        deliveries.map((d) => ({ deliveryId: d.id, attempt: 1 })),
      );
      return deliveries.length;
    },
    { timeout: 60_000 },
  );
  if (made) wakeLocalWorkers();
  return made;
}
