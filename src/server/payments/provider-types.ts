// One interface for every payment provider (the sandbox, Stripe); provider.ts picks the configured one.

export type ProviderName = "sandbox" | "stripe";

/** What a provider needs to take one payment. */
export interface ProviderPayment {
  trackingId: string;
  /** What is bought, as the buyer sees it at the provider. */
  title: string;
  amountCents: number;
  currency: string;
  /** Where the buyer goes back to (already carrying `trackingId` in its query), paid or not. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** Where the caller reaches us (our own checkout page is there). */
  baseUrl: string;
  buyerEmail?: string;
}

/** Where the provider says a payment stands. */
export type ProviderVerdict = "PENDING" | "PAID" | "CANCELLED" | "FAILED" | "EXPIRED";

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Opens the payment at the provider: the page to send the buyer to, and the provider's own id of it. */
  begin(payment: ProviderPayment): Promise<{ url: string; providerRef?: string }>;
  /**
   * Asks the provider about a payment still PENDING here (so completion never waits for a webhook).
   * undefined: the provider keeps no state of its own (the sandbox settles in our database).
   */
  lookup(payment: { trackingId: string; providerRef: string | null }): Promise<ProviderVerdict | undefined>;
  /**
   * Gives a PAID payment's money back at the provider (an administrator's refund); resolves once the
   * provider took it. The sandbox has no money to move: our database settles it (settle-payment.ts).
   */
  refund(payment: { trackingId: string; providerRef: string | null }): Promise<void>;
}
