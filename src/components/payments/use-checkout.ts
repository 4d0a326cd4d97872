"use client";

import { useEffect, type DependencyList } from "react";
import { useTranslations } from "next-intl";
import type { PaymentStatus } from "@/generated/prisma/enums";

// A page's round trip through the checkout (sandbox or Stripe) for what is paid where it is shown:
// the watch page's pay-per-view vod, the bundle page's subscription. The page sends the buyer to
// the checkout with itself as returnUrl (the checkout adds ?trackingId=) and ?payment=cancelled as
// cancelUrl, and reads what came back once it runs in the browser.

/** What the checkout brought back: the trackingId of a payment it confirmed, or that the buyer came back without paying. */
export interface CheckoutReturn {
  trackingId?: string;
  /** Back by the cancelUrl: the payment was cancelled, failed, expired or left unpaid (sayUnpaid names which). */
  cancelled: boolean;
  /** The trackingId of the payment not paid (cancelUrl). */
  unpaidTrackingId?: string;
  /** The sentence about a payment in a state, in the page's language (messages payments.stateText.*). */
  stateText: (status: PaymentStatus) => string;
}

/**
 * Says what became of a payment the buyer came back from without paying, in the words of its state
 * (payments.stateText: cancelled, failed, expired, not completed): at once that nothing was charged,
 * then the state once `ask` (payments.state) answers.
 */
export function sayUnpaid(
  back: CheckoutReturn,
  ask: (trackingId: string) => Promise<{ status: PaymentStatus }>,
  say: (text: string) => void,
): void {
  if (!back.cancelled) return;
  say(back.stateText("PENDING"));
  if (back.unpaidTrackingId)
    ask(back.unpaidTrackingId)
      .then(({ status }) => status !== "PAID" && say(back.stateText(status)))
      .catch(() => undefined);
}

/** What the checkout added to this page's address, taken out of it (a shared link gives nothing away). */
function takeCheckoutReturn(stateText: CheckoutReturn["stateText"]): CheckoutReturn {
  const url = new URL(window.location.href);
  const trackingId = url.searchParams.get("trackingId") ?? undefined;
  const cancelled = url.searchParams.get("payment") === "cancelled";
  if (trackingId !== undefined || url.searchParams.has("payment")) {
    url.searchParams.delete("trackingId");
    url.searchParams.delete("payment");
    window.history.replaceState(window.history.state, "", url);
  }
  return { trackingId: cancelled ? undefined : trackingId, cancelled, unpaidTrackingId: cancelled ? trackingId : undefined, stateText };
}

/**
 * An effect of the page (`effect` and `deps` as useEffect takes them) given what the checkout brought
 * back: on the first run the trackingId or the cancellation, taken out of the address; on later runs
 * (a dependency changed) nothing, `{cancelled: false}`, as after a reload.
 */
export function useCheckoutReturn(effect: (back: CheckoutReturn) => void | (() => void), deps: DependencyList): void {
  const t = useTranslations("payments.stateText");
  // the caller's effect and dependencies, as useEffect's
  useEffect(() => effect(takeCheckoutReturn((status) => t(status))), deps);
}

/** The payment fields of a checkout that comes back to the page at `path` (vod pay, bundle subscribe). */
export interface CheckoutRequest {
  returnUrl: string;
  cancelUrl: string;
  advanceMonthlyPayments: number;
  embedded: boolean;
  mobile: boolean;
}

/** Opens a payment with `pay` (coming back to the page at `path`) and sends the browser to its checkout. */
export async function goToCheckout(path: string, pay: (request: CheckoutRequest) => Promise<{ url: string }>): Promise<void> {
  const page = window.location.origin + path;
  const payment = await pay({
    returnUrl: page,
    cancelUrl: `${page}?payment=cancelled`,
    advanceMonthlyPayments: 1,
    embedded: false,
    mobile: false,
  });
  window.location.assign(payment.url);
}
