import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { notFound } from "@/server/core/errors";
import { normalizeUuid } from "@/server/core/uuid";
import { enqueueJob, wakeLocalWorkers } from "@/server/jobs/queue";
import { ownWebhook } from "./endpoints";

// An endpoint's delivery log (GET /api/webhooks/{webhookId}/deliveries) and the replay of one
// delivery (POST /api/webhooks/{webhookId}/deliveries/{deliveryId}/retry).

export interface DeliveryRow {
  id: string;
  messageId: string;
  eventType: string;
  status: string;
  attemptCount: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  deliveredAt: Date | null;
  /** when the next attempt is due, for a PENDING delivery */
  nextAttemptAt: Date | null;
  attempts: { at: Date; statusCode: number | null; durationMs: number; error: string | null }[];
}

const deliverySelect = {
  id: true,
  messageId: true,
  eventType: true,
  status: true,
  attemptCount: true,
  lastStatusCode: true,
  lastError: true,
  createdAt: true,
  lastAttemptAt: true,
  deliveredAt: true,
  attempts: { select: { at: true, statusCode: true, durationMs: true, error: true }, orderBy: { at: "asc" } },
} as const;

export const listDeliveriesInput = z.object({
  webhookId: z.string().max(64),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** The endpoint's deliveries, the newest first, each with its attempts. */
export async function listDeliveries(ctx: Ctx, input: z.output<typeof listDeliveriesInput>): Promise<DeliveryRow[]> {
  const endpoint = await ownWebhook(ctx, input.webhookId);
  const rows = await ctx.db.webhookDelivery.findMany({
    where: { endpointId: endpoint.id },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: input.limit,
    select: deliverySelect,
  });
  return withNextAttempts(ctx, rows);
}

/** The due time of each PENDING delivery's queued attempt. */
async function withNextAttempts(ctx: Ctx, rows: Omit<DeliveryRow, "nextAttemptAt">[]): Promise<DeliveryRow[]> {
  const pending = rows.filter((r) => r.status === "PENDING").map((r) => r.id);
  const due = new Map<string, Date>();
  if (pending.length) {
    const jobs = await ctx.db.job.findMany({
      where: {
        type: "webhooks.deliver",
        status: { in: ["QUEUED", "RUNNING"] },
        OR: pending.map((id) => ({ payload: { path: ["deliveryId"], equals: id } })),
      },
      select: { payload: true, runAt: true },
    });
    for (const job of jobs) {
      const id = (job.payload as { deliveryId?: string }).deliveryId;
      if (id && (!due.has(id) || due.get(id)! > job.runAt)) due.set(id, job.runAt);
    }
  }
  return rows.map((r) => ({ ...r, nextAttemptAt: due.get(r.id) ?? null }));
}

export const retryDeliveryInput = z.object({ webhookId: z.string().max(64), deliveryId: z.string().max(64) });

/**
 * Sends a delivery again now, with the same webhook-id (a receiver that has it already may drop it),
 * whatever its state: a pending retry is overtaken (its job finds it is no longer the next attempt).
 * The owner asking again enables a disabled endpoint.
 */
export async function retryDelivery(ctx: Ctx, input: z.output<typeof retryDeliveryInput>): Promise<DeliveryRow> {
  const endpoint = await ownWebhook(ctx, input.webhookId);
  const deliveryId = normalizeUuid(input.deliveryId);
  const found = deliveryId
    ? await ctx.db.webhookDelivery.findFirst({
        where: { id: deliveryId, endpointId: endpoint.id },
        select: { id: true, attemptCount: true },
      })
    : null;
  if (!found) throw notFound("error.webhookDeliveryNotFound");
  await ctx.db.$transaction(async (tx) => {
    if (endpoint.disabledAt)
      await tx.webhookEndpoint.updateMany({
        where: { id: endpoint.id },
        data: { disabledAt: null, disabledReason: null, failingSince: null },
      });
    // the next attempt is this replay's: its number moves past any queued one
    await tx.webhookDelivery.updateMany({ where: { id: found.id }, data: { status: "PENDING", deliveredAt: null } });
    await enqueueJob(tx, "webhooks.deliver", { deliveryId: found.id, attempt: found.attemptCount + 1 });
  });
  wakeLocalWorkers();
  const row = await ctx.db.webhookDelivery.findUniqueOrThrow({ where: { id: found.id }, select: deliverySelect });
  return (await withNextAttempts(ctx, [row]))[0]!;
}
