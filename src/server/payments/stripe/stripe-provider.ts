import { DomainError } from "@/server/domain/errors";
import type { PaymentProvider } from "../provider";

// Stripe Checkout: being written (issue 9). Until then PAYMENT_PROVIDER=stripe takes no payments.
export function stripeProvider(): PaymentProvider {
  throw new DomainError("UNAVAILABLE", "error.paymentsUnavailable");
}
