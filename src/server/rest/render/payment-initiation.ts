import type { PaymentInitiation } from "@/server/payments/payment-request";

/** The document's payment initiation result; `resource` arrives rendered by the selling context (license, vod item, ...). */
export function renderPaymentInitiation(p: PaymentInitiation, resource: unknown) {
  return { trackingId: p.trackingId, url: p.url, embedded: p.embedded, mobile: p.mobile, resource };
}

export function paymentInitiationSchema(resource: Record<string, unknown>): Record<string, unknown> {
  return {
    type: "object",
    required: ["trackingId", "url", "embedded", "mobile", "resource"],
    properties: {
      trackingId: { type: "string", description: "128 random bits, hex: the handle that completes the purchase (activate, play, acquire)" },
      url: { type: "string", format: "uri", description: "the provider's payment page to send the buyer to" },
      embedded: { type: "boolean" },
      mobile: { type: "boolean" },
      resource,
    },
  };
}
