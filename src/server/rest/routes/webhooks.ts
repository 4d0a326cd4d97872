import { route, untrusted } from "@/server/rest/route";
import { createWebhookInput } from "@/server/domain/webhooks/endpoints";
import { deliverySchema, renderDelivery, renderWebhook, webhookSchema } from "@/server/rest/render/webhooks";

// Webhooks (issue 27 item 1, Standard Webhooks): a user's endpoints, their delivery logs and the
// replay of a delivery. These paths are fixed: clients rely on them.
export const webhookRoutes = [
  // POST /api/webhooks {url, events, description} -> 201 {webhookId, secret, ...}: the secret is shown once
  route({
    method: "POST",
    path: "/api/webhooks",
    auth: "private",
    status: 201,
    summary: "Register a webhook endpoint for some events; the answer holds its signing secret, shown once",
    requestSchema: createWebhookInput,
    responseSchema: webhookSchema,
    errors: [409],
    handle: async ({ caller, body }) => renderWebhook(await caller.webhooks.create(untrusted(body))),
  }),
  // GET /api/webhooks - the caller's endpoints, newest first, without secrets
  route({
    method: "GET",
    path: "/api/webhooks",
    auth: "private",
    status: 200,
    summary: "Your webhook endpoints",
    responseSchema: { type: "array", items: webhookSchema },
    handle: async ({ caller }) => (await caller.webhooks.list()).map(renderWebhook),
  }),
  // DELETE /api/webhooks/{webhookId} -> 204
  route({
    method: "DELETE",
    path: "/api/webhooks/{webhookId}",
    auth: "private",
    status: 204,
    summary: "Delete a webhook endpoint and its delivery log",
    errors: [404],
    handle: async ({ caller, params }) => {
      await caller.webhooks.remove(untrusted({ webhookId: params.webhookId }));
    },
  }),
  // GET /api/webhooks/{webhookId}/deliveries?limit= - the delivery log, newest first, with every attempt
  route({
    method: "GET",
    path: "/api/webhooks/{webhookId}/deliveries",
    auth: "private",
    status: 200,
    summary: "An endpoint's deliveries, newest first, each with its attempts (status, time, error)",
    responseSchema: { type: "array", items: deliverySchema },
    errors: [404],
    handle: async ({ caller, params, query }) =>
      (await caller.webhooks.deliveries(untrusted({ webhookId: params.webhookId, limit: query.get("limit") ?? undefined }))).map(
        renderDelivery,
      ),
  }),
  // POST /api/webhooks/{webhookId}/deliveries/{deliveryId}/retry -> 202: sent again now, same webhook-id
  route({
    method: "POST",
    path: "/api/webhooks/{webhookId}/deliveries/{deliveryId}/retry",
    auth: "private",
    status: 202,
    summary: "Send a delivery again now (same webhook-id); enables the endpoint again if it was disabled",
    responseSchema: deliverySchema,
    errors: [404],
    handle: async ({ caller, params }) =>
      renderDelivery(await caller.webhooks.retry(untrusted({ webhookId: params.webhookId, deliveryId: params.deliveryId }))),
  }),
];
