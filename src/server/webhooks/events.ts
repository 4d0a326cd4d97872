import { randomBytes } from "node:crypto";
import type { DbOrTx } from "@/server/db/client";
import type { JsonObject } from "@/server/jobs/kinds";
import { enqueueJob } from "@/server/jobs/queue";

// The events a user's webhook endpoints may subscribe to (issue 27; docs/webhooks.md). Each is
// raised where its fact is decided, inside the transaction that decides it, for the user it
// concerns (a payment's seller, a box item's owner): a `webhooks.fanout` job then makes one
// delivery per endpoint that wants it, so the request that raised it only queues one job.

export const WEBHOOK_EVENTS = [
  "box.ready",
  "box.failed",
  "vod.published",
  "payment.completed",
  "payment.refunded",
  "bundle.subscribed",
  "market.acquired",
  "live.started",
  "live.ended",
  "live.recording.ready",
  "cast.on_air",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const isWebhookEvent = (type: string): type is WebhookEventType => (WEBHOOK_EVENTS as readonly string[]).includes(type);

/** A message id (`webhook-id`): "msg_" and 22 URL-safe characters; the same on every attempt and replay of a delivery. */
export const newMessageId = (): string => `msg_${randomBytes(16).toString("base64url")}`;

/**
 * Raises `type` for `userId` with `data` (the event's object, in the REST interface's shape): queued
 * in `tx` (the transaction that decides the fact) when the user has an endpoint that wants it, so a
 * user without webhooks costs one indexed read. Call wakeLocalWorkers() after the commit. Returns
 * the message id, or undefined when nobody listens.
 */
export async function raiseWebhookEvent(
  tx: DbOrTx,
  userId: string,
  type: WebhookEventType,
  data: JsonObject,
  at = new Date(),
): Promise<string | undefined> {
  const listening = await tx.webhookEndpoint.findFirst({
    where: { userId, disabledAt: null, events: { has: type } },
    select: { id: true },
  });
  if (!listening) return undefined;
  const messageId = newMessageId();
  await enqueueJob(tx, "webhooks.fanout", { messageId, userId, type, timestamp: at.toISOString(), data });
  return messageId;
}
