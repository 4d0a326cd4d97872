import type { Ctx } from "@/server/domain/context";
import { invalidField } from "@/server/domain/errors";
import { env } from "@/server/env";

/** The clients whose mail links may point only at this instance's own address (PUBLIC_URL). */
const OWN_ORIGIN_CLIENTS = new Set(["www", "portal"]);

/** scheme://host[:port] of an absolute http(s) URL, normalised as browsers compare origins; undefined otherwise. */
export function originOf(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : undefined;
}

/**
 * The origins the calling client's mail links (activationUrl, confirmationUrl) may point to, the way
 * OAuth clients register redirect URIs: those registered with the client (`client:create --origin`);
 * for the public client `www` and the portal only PUBLIC_URL's origin. Never the request's Host: a
 * link carrying a token to wherever the caller names is an account takeover.
 */
async function allowedOrigins(ctx: Ctx): Promise<string[]> {
  const clientId = ctx.actor.kind === "anonymous" ? "portal" : ctx.actor.clientId;
  if (OWN_ORIGIN_CLIENTS.has(clientId)) return [originOf(env().publicUrl)!];
  const client = await ctx.db.oAuthClient.findUnique({ where: { id: clientId }, select: { origins: true } });
  return client?.origins ?? [];
}

/** Refuses (400 on `field`, nothing written or sent) a mail link template outside the caller's registered origins. */
export async function assertMailLinkAllowed(ctx: Ctx, field: string, template: string): Promise<void> {
  const origin = originOf(template.replaceAll("${token}", "token"));
  const allowed = await allowedOrigins(ctx);
  if (!origin || !allowed.includes(origin)) throw invalidField(field, "field.linkOrigin", { origins: allowed.join(", ") || "-" });
}
