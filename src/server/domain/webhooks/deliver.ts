import type { Db } from "@/server/db/client";
import { env } from "@/server/env";
import { enqueueJob, wakeLocalWorkers } from "@/server/jobs/queue";
import { queueMail } from "@/server/mail/queue-mail";
import { metrics } from "@/server/metrics/registry.mjs";
import { sendWebhook } from "@/server/webhooks/send";
import { signWebhook } from "@/server/webhooks/signature";
import { webhookDisabledMail } from "./disabled-mail";
import { webhookSecrets } from "./endpoints";

/** Seconds between a delivery's attempts: the Standard Webhooks schedule (then it has failed, after about 27.5 h). */
export const WEBHOOK_RETRY_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;

/** An endpoint whose deliveries have all failed for this long is disabled, and its owner told. */
export const WEBHOOK_DISABLE_AFTER_MS = 5 * 24 * 3600 * 1000;

/**
 * Attempt `attempt` of a delivery (the webhooks.deliver job): signed now (`webhook-timestamp` is the
 * attempt's time; `webhook-id` the event's, on every attempt), sent once, its outcome logged as a
 * WebhookAttempt. On failure the next attempt is queued on the schedule, or the delivery has failed;
 * an endpoint failing without a success for WEBHOOK_DISABLE_AFTER_MS is disabled and its owner
 * mailed. An attempt that is not the delivery's next one (a replay overtook it, or the endpoint is
 * gone) does nothing.
 */
export async function deliverAttempt(db: Db, job: { deliveryId: string; attempt: number }): Promise<void> {
  const delivery = await db.webhookDelivery.findUnique({
    where: { id: job.deliveryId },
    select: {
      messageId: true,
      payload: true,
      status: true,
      attemptCount: true,
      endpoint: {
        select: {
          id: true,
          url: true,
          secretSealed: true,
          disabledAt: true,
          failingSince: true,
          user: { select: { email: true, language: true } },
        },
      },
    },
  });
  if (!delivery || delivery.status !== "PENDING" || delivery.attemptCount !== job.attempt - 1) return;
  const { endpoint } = delivery;
  const config = env();
  const secret = webhookSecrets.unseal(endpoint.secretSealed);
  const now = new Date();
  const outcome = endpoint.disabledAt
    ? { ok: false, durationMs: 0, statusCode: undefined, error: "the endpoint is disabled" }
    : !secret
      ? { ok: false, durationMs: 0, statusCode: undefined, error: "the endpoint's secret cannot be read (AUTH_SECRET changed)" }
      : await sendWebhook(
          endpoint.url,
          {
            "Content-Type": "application/json",
            "User-Agent": "Kinora-Webhooks/1",
            "webhook-id": delivery.messageId,
            "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
            "webhook-signature": signWebhook(secret, delivery.messageId, Math.floor(now.getTime() / 1000), delivery.payload),
          },
          delivery.payload,
          { timeoutSeconds: config.WEBHOOK_TIMEOUT_SECONDS, allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES },
        );
  const retryIn = WEBHOOK_RETRY_SECONDS[job.attempt - 1];
  const final = outcome.ok || retryIn === undefined || !!endpoint.disabledAt;
  let queued = false;
  await db.$transaction(async (tx) => {
    // only the attempt that is still the next one writes (a replay may have started meanwhile)
    const moved = await tx.webhookDelivery.updateMany({
      where: { id: job.deliveryId, status: "PENDING", attemptCount: job.attempt - 1 },
      data: {
        attemptCount: job.attempt,
        lastAttemptAt: now,
        lastStatusCode: outcome.statusCode ?? null,
        lastError: outcome.error?.slice(0, 500) ?? null,
        status: outcome.ok ? "SUCCEEDED" : final ? "FAILED" : "PENDING",
        ...(outcome.ok ? { deliveredAt: now } : {}),
      },
    });
    if (moved.count !== 1) return;
    await tx.webhookAttempt.create({
      data: {
        deliveryId: job.deliveryId,
        at: now,
        statusCode: outcome.statusCode ?? null,
        durationMs: outcome.durationMs,
        error: outcome.error?.slice(0, 500) ?? null,
      },
    });
    if (!final) {
      await enqueueJob(
        tx,
        "webhooks.deliver",
        { deliveryId: job.deliveryId, attempt: job.attempt + 1 },
        { runAt: new Date(now.getTime() + retryIn! * 1000) },
      );
      queued = true;
    }
    if (endpoint.disabledAt) return;
    if (outcome.ok) {
      if (endpoint.failingSince) await tx.webhookEndpoint.updateMany({ where: { id: endpoint.id }, data: { failingSince: null } });
      return;
    }
    const failingSince = endpoint.failingSince ?? now;
    if (!endpoint.failingSince)
      await tx.webhookEndpoint.updateMany({ where: { id: endpoint.id, failingSince: null }, data: { failingSince: now } });
    if (now.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_MS) {
      const reason = `failing since ${failingSince.toISOString()}: ${outcome.error ?? "no answer"}`.slice(0, 500);
      const disabled = await tx.webhookEndpoint.updateMany({
        where: { id: endpoint.id, disabledAt: null },
        data: { disabledAt: now, disabledReason: reason },
      });
      if (disabled.count === 1) {
        const { email, language } = endpoint.user;
        await queueMail(
          tx,
          webhookDisabledMail(email, language, endpoint.url, outcome.error ?? "no answer", `${config.publicUrl}/account/webhooks`),
        );
        queued = true;
      }
    }
  });
  metrics().webhookDeliveries.inc({ outcome: outcome.ok ? "succeeded" : final ? "failed" : "retrying" });
  if (queued) wakeLocalWorkers();
}
