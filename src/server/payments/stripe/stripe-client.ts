import Stripe from "stripe";
import { DomainError } from "@/server/core/errors";
import { env } from "@/server/env";

/**
 * The SDK's host, port and protocol for STRIPE_API_URL (its origin: the SDK adds /v1/ itself);
 * nothing without it, so the SDK talks to api.stripe.com.
 */
export function stripeApiTarget(apiUrl: string | undefined): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"), // an IPv6 literal without its brackets, as Node's http wants it
    port: url.port || (protocol === "http" ? 80 : 443),
    protocol,
  };
}

let client: Stripe | undefined;

/** The process's Stripe client (STRIPE_SECRET_KEY, STRIPE_API_URL); 503 when no key is configured. */
export function stripeClient(): Stripe {
  const { STRIPE_SECRET_KEY, STRIPE_API_URL } = env();
  if (!STRIPE_SECRET_KEY) throw new DomainError("UNAVAILABLE", "error.stripeKeyMissing");
  client ??= new Stripe(STRIPE_SECRET_KEY, {
    ...stripeApiTarget(STRIPE_API_URL),
    // a buyer waits on these calls: fail within seconds (the client may retry) rather than the SDK's 80 s
    timeout: 10_000,
    maxNetworkRetries: 2,
    appInfo: { name: "Kinora" },
  });
  return client;
}
