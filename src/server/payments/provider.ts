import { env } from "@/server/env";
import { DomainError } from "@/server/core/errors";
import { sandboxProvider } from "./sandbox-provider";

// One interface for every payment provider; PAYMENT_PROVIDER chooses the implementation.

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
}

type ProviderLoader = () => Promise<PaymentProvider>;

const loaders: Record<ProviderName, ProviderLoader> = {
  sandbox: async () => sandboxProvider,
  // the Stripe SDK is loaded only by instances that use it
  stripe: async () => (await import("./stripe/stripe-provider")).stripeProvider(),
};

/**
 * The configured provider's name: PAYMENT_PROVIDER, else the sandbox on the embedded database (a fresh
 * instance sells out of the box); on PostgreSQL the sandbox runs only when asked for, so a production
 * database never takes test payments by default. undefined: this instance takes no payments.
 */
export function configuredProvider(): ProviderName | undefined {
  const e = env();
  return e.PAYMENT_PROVIDER ?? (e.DATABASE_URL ? undefined : "sandbox");
}

/** The provider new payments go to; 503 when the instance takes none. */
export async function currentProvider(): Promise<PaymentProvider> {
  const name = configuredProvider();
  if (!name) throw new DomainError("UNAVAILABLE", "error.paymentsUnavailable");
  return loaders[name]();
}

/** The provider an existing payment was made with, when this instance still has it configured. */
export async function providerOf(name: string): Promise<PaymentProvider | undefined> {
  return name === configuredProvider() ? loaders[name as ProviderName]() : undefined;
}
