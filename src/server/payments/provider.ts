import { env } from "@/server/env";
import { DomainError } from "@/server/core/errors";
import type { PaymentProvider, ProviderName } from "./provider-types";
import { sandboxProvider } from "./sandbox-provider";

// PAYMENT_PROVIDER chooses the implementation of the one provider interface (provider-types.ts).

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
