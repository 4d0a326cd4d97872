import type { WebhookRow } from "@/server/domain/webhooks/endpoints";
import type { DeliveryRow } from "@/server/domain/webhooks/deliveries";
import { WEBHOOK_EVENTS } from "@/server/webhooks/events";

// Webhook endpoints and deliveries on the wire (issue 27): ISO 8601 instants, ids as strings.

export function renderWebhook(w: WebhookRow & { secret?: string }) {
  return {
    webhookId: w.id,
    url: w.url,
    events: w.events,
    description: w.description,
    enabled: w.disabledAt === null,
    disabledAt: w.disabledAt?.toISOString() ?? null,
    disabledReason: w.disabledReason,
    createdAt: w.createdAt.toISOString(),
    ...(w.secret ? { secret: w.secret } : {}),
  };
}

export const webhookSchema: Record<string, unknown> = {
  type: "object",
  required: ["webhookId", "url", "events", "description", "enabled", "disabledAt", "disabledReason", "createdAt"],
  properties: {
    webhookId: { type: "string", format: "uuid" },
    url: { type: "string", format: "uri" },
    events: { type: "array", items: { type: "string", enum: [...WEBHOOK_EVENTS] } },
    description: { type: "string" },
    enabled: { type: "boolean", description: "false once disabled after failing for days; a retried delivery enables it again" },
    disabledAt: { type: ["string", "null"], format: "date-time" },
    disabledReason: { type: ["string", "null"] },
    createdAt: { type: "string", format: "date-time" },
    secret: {
      type: "string",
      description: "Only when created (shown once): the Standard Webhooks signing secret, whsec_ and a base64 key",
    },
  },
};

export function renderDelivery(d: DeliveryRow) {
  return {
    deliveryId: d.id,
    messageId: d.messageId,
    type: d.eventType,
    status: d.status,
    attemptCount: d.attemptCount,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    createdAt: d.createdAt.toISOString(),
    lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
    nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
    attempts: d.attempts.map((a) => ({ at: a.at.toISOString(), statusCode: a.statusCode, durationMs: a.durationMs, error: a.error })),
  };
}

export const deliverySchema: Record<string, unknown> = {
  type: "object",
  required: [
    "deliveryId",
    "messageId",
    "type",
    "status",
    "attemptCount",
    "lastStatusCode",
    "lastError",
    "createdAt",
    "lastAttemptAt",
    "deliveredAt",
    "nextAttemptAt",
    "attempts",
  ],
  properties: {
    deliveryId: { type: "string", format: "uuid" },
    messageId: { type: "string", description: "The webhook-id header of every attempt" },
    type: { type: "string", enum: [...WEBHOOK_EVENTS] },
    status: { type: "string", enum: ["PENDING", "SUCCEEDED", "FAILED"] },
    attemptCount: { type: "integer" },
    lastStatusCode: { type: ["integer", "null"] },
    lastError: { type: ["string", "null"] },
    createdAt: { type: "string", format: "date-time" },
    lastAttemptAt: { type: ["string", "null"], format: "date-time" },
    deliveredAt: { type: ["string", "null"], format: "date-time" },
    nextAttemptAt: { type: ["string", "null"], format: "date-time" },
    attempts: {
      type: "array",
      items: {
        type: "object",
        required: ["at", "statusCode", "durationMs", "error"],
        properties: {
          at: { type: "string", format: "date-time" },
          statusCode: { type: ["integer", "null"] },
          durationMs: { type: "integer" },
          error: { type: ["string", "null"] },
        },
      },
    },
  },
};
