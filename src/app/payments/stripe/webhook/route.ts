import { getDb } from "@/server/db/client";
import { DomainError } from "@/server/core/errors";
import { pickLang, translate } from "@/server/i18n/messages";
import { receiveStripeWebhook } from "@/server/payments/stripe/stripe-webhook";
import { domainErrorResponse, errorResponse, json } from "@/server/rest/error-body";
import { readBodyBytes } from "@/server/rest/read-body";
import { logger } from "@/server/log/logger.mjs";

// POST /payments/stripe/webhook - Stripe's events (server/payments/stripe/stripe-webhook.ts). The
// signature covers the body's exact bytes: they are read as sent (src/proxy.ts leaves /payments/ alone).
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  const lang = pickLang(request.headers.get("accept-language"));
  try {
    const body = await readBodyBytes(request);
    const answer = await receiveStripeWebhook(await getDb(), body, request.headers.get("stripe-signature"));
    return json(200, answer, { "Cache-Control": "no-store" });
  } catch (err) {
    if (err instanceof DomainError) return domainErrorResponse(err, lang, path);
    // Stripe delivers the event again later (for up to three days)
    logger().error({ err }, "Stripe webhook failed");
    return errorResponse(500, translate(lang, "error.internal"), path);
  }
}
