import { originOf, ownOrigins, registeredOrigins } from "@/server/auth/client-origins";
import type { Ctx } from "@/server/core/context";
import { invalidField } from "@/server/core/errors";

/** The clients whose mail links may point only at this instance's own addresses. */
const OWN_ORIGIN_CLIENTS = new Set(["www", "portal"]);

/**
 * The origins the calling client's mail links (activationUrl, confirmationUrl) may point to, the way
 * OAuth clients register redirect URIs: those registered with the client (`client:create --origin`);
 * for the public client `www` and the portal the instance's own (PUBLIC_URL's, and on a local
 * instance localhost and 127.0.0.1 at its port: auth/client-origins.ts ownOrigins). Never a name the
 * request merely sends: a link carrying a token to wherever the caller names is an account takeover.
 */
async function allowedOrigins(ctx: Ctx): Promise<string[]> {
  const clientId = ctx.actor.kind === "anonymous" ? "portal" : ctx.actor.clientId;
  if (OWN_ORIGIN_CLIENTS.has(clientId)) return ownOrigins(ctx.baseUrl);
  return registeredOrigins(ctx.db, clientId);
}

/** Refuses (400 on `field`, nothing written or sent) a mail link template outside the caller's registered origins. */
export async function assertMailLinkAllowed(ctx: Ctx, field: string, template: string): Promise<void> {
  const origin = originOf(template.replaceAll("${token}", "token"));
  const allowed = await allowedOrigins(ctx);
  if (!origin || !allowed.includes(origin)) throw invalidField(field, "field.linkOrigin", { origins: allowed.join(", ") || "-" });
}
