import { originOf, ownOrigins, registeredOrigins } from "@/server/auth/client-origins";
import type { Db } from "@/server/db/client";
import type { Ctx } from "@/server/core/context";
import { invalid, type FieldError } from "@/server/core/errors";
import { env, type Env } from "@/server/env";
import type { PaymentRequest } from "./payment-request";

/**
 * The origins a payment's returnUrl and cancelUrl may point to: the instance's own (auth/client-origins.ts
 * ownOrigins) and those registered for the calling client (`client:create --origin`). Never another site the caller names: the checkout sends the buyer there.
 */
export async function returnOrigins(db: Db, clientId: string | null | undefined, baseUrl?: string, e: Env = env()): Promise<string[]> {
  return [...new Set([...ownOrigins(baseUrl, e), ...(await registeredOrigins(db, clientId))])];
}

/** Whether `url` (absent: our own checkout page) leads to one of `origins`. */
export const returnAllowed = (url: string | null | undefined, origins: readonly string[]): boolean => {
  if (!url) return true;
  const origin = originOf(url);
  return origin !== undefined && origins.includes(origin);
};

const callerClientId = (ctx: Ctx) => (ctx.actor.kind === "anonymous" ? undefined : ctx.actor.clientId);

/** Refuses (400 naming returnUrl and/or cancelUrl, nothing written) a payment request that would send the buyer to another site. */
export async function assertReturnUrlsAllowed(ctx: Ctx, request: Pick<PaymentRequest, "returnUrl" | "cancelUrl">): Promise<void> {
  if (!request.returnUrl && !request.cancelUrl) return;
  const origins = await returnOrigins(ctx.db, callerClientId(ctx), ctx.baseUrl);
  const errors: FieldError[] = (["returnUrl", "cancelUrl"] as const)
    .filter((field) => !returnAllowed(request[field], origins))
    .map((field) => ({ field, message: "field.returnOrigin", params: { origins: origins.join(", ") } }));
  if (errors.length) throw invalid(errors);
}
