import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { normalizeUuid } from "@/server/core/uuid";
import { DomainError, invalid, notFound, type FieldError } from "@/server/core/errors";
import { sealer } from "@/server/auth/seal";
import { env } from "@/server/env";
import { isWebhookEvent, WEBHOOK_EVENTS } from "@/server/webhooks/events";
import { newWebhookSecret } from "@/server/webhooks/signature";
import { resolvesPublic, targetProblem } from "@/server/webhooks/target";

// A user's webhook endpoints (issue 27 item 1): POST /api/webhooks, GET /api/webhooks, DELETE
// /api/webhooks/{webhookId}. The signing secret is shown once, when the endpoint is made, and kept
// sealed (it must be read to sign each delivery).

/** The seal of endpoint secrets (its own key, derived from AUTH_SECRET). */
export const webhookSecrets = sealer("kinora webhook secret v1");

export interface WebhookRow {
  id: string;
  url: string;
  events: string[];
  description: string;
  createdAt: Date;
  disabledAt: Date | null;
  disabledReason: string | null;
}

const rowSelect = {
  id: true,
  url: true,
  events: true,
  description: true,
  createdAt: true,
  disabledAt: true,
  disabledReason: true,
} as const;

export const createWebhookInput = z.object({
  url: z.string().trim().max(2000),
  events: z.array(z.string().max(64)).max(WEBHOOK_EVENTS.length * 2),
  description: z.string().trim().max(500).default(""),
});

/** Endpoints one user may have. */
export const MAX_WEBHOOKS_PER_USER = 1000;

// POST /api/webhooks {url, events, description} -> 201 {webhookId, secret, ...}
export async function createWebhook(ctx: Ctx, input: z.output<typeof createWebhookInput>): Promise<WebhookRow & { secret: string }> {
  const userId = requireUserId(ctx);
  const allowPrivate = env().WEBHOOK_ALLOW_PRIVATE_ADDRESSES;
  const problems: FieldError[] = [];
  const problem = targetProblem(input.url, allowPrivate);
  if (problem) problems.push({ field: "url", message: `field.webhook.url.${problem}` });
  else if (!allowPrivate && !(await resolvesPublic(new URL(input.url).hostname)))
    problems.push({ field: "url", message: "field.webhook.url.private" });
  const events = [...new Set(input.events)];
  if (!events.length || !events.every(isWebhookEvent))
    problems.push({ field: "events", message: "field.webhook.events", params: { events: WEBHOOK_EVENTS.join(", ") } });
  if (problems.length) throw invalid(problems);
  if ((await ctx.db.webhookEndpoint.count({ where: { userId } })) >= MAX_WEBHOOKS_PER_USER)
    throw new DomainError("CONFLICT", "error.webhookLimit", { max: MAX_WEBHOOKS_PER_USER });
  const secret = newWebhookSecret();
  const row = await ctx.db.webhookEndpoint.create({
    data: { userId, url: input.url, events, description: input.description, secretSealed: webhookSecrets.seal(secret) },
    select: rowSelect,
  });
  return { ...row, secret };
}

/** The user's endpoints, the newest first (no secrets). */
export async function listWebhooks(ctx: Ctx): Promise<WebhookRow[]> {
  const userId = requireUserId(ctx);
  return ctx.db.webhookEndpoint.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "asc" }], select: rowSelect });
}

export const webhookIdInput = z.object({ webhookId: z.string().max(64) });

/** The caller's endpoint `webhookId` (404 for another user's or an unknown one). */
export async function ownWebhook(ctx: Ctx, webhookId: string): Promise<WebhookRow> {
  const userId = requireUserId(ctx);
  const id = normalizeUuid(webhookId);
  const row = id ? await ctx.db.webhookEndpoint.findFirst({ where: { id, userId }, select: rowSelect }) : null;
  if (!row) throw notFound("error.webhookNotFound");
  return row;
}

// DELETE /api/webhooks/{webhookId} -> 204: its deliveries go with it (a pending attempt finds nothing to do)
export async function deleteWebhook(ctx: Ctx, input: z.output<typeof webhookIdInput>): Promise<void> {
  const row = await ownWebhook(ctx, input.webhookId);
  await ctx.db.webhookEndpoint.deleteMany({ where: { id: row.id } });
}
