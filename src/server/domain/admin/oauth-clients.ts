import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { zStringList } from "@/server/core/schema";
import { DomainError, invalid, notFound } from "@/server/core/errors";
import { CLIENT_GRANTS, clientFieldProblems, createOAuthClient } from "@/server/auth/oauth/clients";
import { originOf } from "@/server/auth/client-origins";
import type { MessageId } from "@/server/i18n/messages";
import { recordAudit } from "./audit";
import { requireStaff } from "./staff";

// OAuth clients (issue 25 item 2): administrators create confidential clients (the secret shown once),
// set the origins their mail links may point to, and revoke them: the token endpoint refuses the
// client from then on and every login made through it ends (its refresh-token families are revoked,
// which ends their access tokens too). The public client `www` is the portal's own and stays.

const PUBLIC_CLIENT = "www";

export interface ClientRow {
  id: string;
  name: string;
  grants: string[];
  origins: string[];
  confidential: boolean;
  createdAt: Date;
  revokedAt: Date | null;
}

const clientSelect = { id: true, name: true, grants: true, origins: true, secretHash: true, createdAt: true, revokedAt: true } as const;
const toRow = ({ secretHash, ...c }: { secretHash: string | null } & Omit<ClientRow, "confidential">): ClientRow => ({
  ...c,
  confidential: secretHash !== null,
});

/** Every client, the newest first. */
export async function listClients(ctx: Ctx): Promise<ClientRow[]> {
  await requireStaff(ctx, "ADMINISTRATOR");
  return (await ctx.db.oAuthClient.findMany({ orderBy: [{ createdAt: "desc" }, { id: "asc" }], select: clientSelect })).map(toRow);
}

const stringList = zStringList();

export const createClientInput = z.object({
  clientId: z.string().trim().max(64),
  name: z.string().trim().max(200),
  grants: stringList.optional(),
  origins: stringList.default([]),
});

/** The problems of clientFieldProblems as the domain's field errors. */
function checkFields(f: { id: string; name: string; grants: string[]; origins: string[] }): void {
  const problems = clientFieldProblems(f);
  const field: Record<string, string> = { id: "clientId", name: "name", grants: "grants", origins: "origins" };
  if (Object.keys(problems).length)
    throw invalid(Object.keys(problems).map((k) => ({ field: field[k]!, message: `field.client.${k}` as MessageId })));
}

// POST /api/admin/clients {clientId, name, grants, origins} -> 201 {clientId, clientSecret, ...}
export async function createClient(ctx: Ctx, input: z.output<typeof createClientInput>): Promise<ClientRow & { secret: string }> {
  const staff = await requireStaff(ctx, "ADMINISTRATOR");
  const fields = { id: input.clientId, name: input.name, grants: input.grants ?? [...CLIENT_GRANTS], origins: input.origins };
  checkFields(fields);
  if (await ctx.db.oAuthClient.findUnique({ where: { id: fields.id }, select: { id: true } }))
    throw new DomainError("CONFLICT", "error.clientExists");
  const secret = await ctx.db.$transaction(async (tx) => {
    const made = await createOAuthClient(tx, fields);
    await recordAudit(tx, {
      actor: staff,
      action: "client.create",
      targetType: "client",
      targetId: fields.id,
      after: { grants: fields.grants, origins: fields.origins },
    });
    return made;
  });
  const row = await ctx.db.oAuthClient.findUniqueOrThrow({ where: { id: fields.id }, select: clientSelect });
  return { ...toRow(row), secret };
}

export const setOriginsInput = z.object({ clientId: z.string().max(64), origins: stringList });

// POST /api/admin/clients/{clientId}/origins {origins} - where the client's mail links may point
export async function setClientOrigins(ctx: Ctx, input: z.output<typeof setOriginsInput>): Promise<ClientRow> {
  const staff = await requireStaff(ctx, "ADMINISTRATOR");
  const client = await ctx.db.oAuthClient.findUnique({ where: { id: input.clientId }, select: clientSelect });
  if (!client) throw notFound("error.clientNotFound");
  checkFields({ id: client.id, name: client.name, grants: client.grants, origins: input.origins });
  const origins = [...new Set(input.origins.map((o) => originOf(o.trim())!))];
  return ctx.db.$transaction(async (tx) => {
    const row = await tx.oAuthClient.update({ where: { id: client.id }, data: { origins }, select: clientSelect });
    await recordAudit(tx, {
      actor: staff,
      action: "client.origins",
      targetType: "client",
      targetId: client.id,
      before: { origins: client.origins },
      after: { origins },
    });
    return toRow(row);
  });
}

export const revokeClientInput = z.object({ clientId: z.string().max(64) });

// DELETE /api/admin/clients/{clientId} -> 204: the client is refused from then on, its logins end
export async function revokeClient(ctx: Ctx, input: z.output<typeof revokeClientInput>): Promise<void> {
  const staff = await requireStaff(ctx, "ADMINISTRATOR");
  const client = await ctx.db.oAuthClient.findUnique({ where: { id: input.clientId }, select: clientSelect });
  if (!client) throw notFound("error.clientNotFound");
  if (client.id === PUBLIC_CLIENT) throw new DomainError("CONFLICT", "error.publicClient");
  if (client.revokedAt) return;
  const now = new Date();
  await ctx.db.$transaction(async (tx) => {
    await tx.oAuthClient.update({ where: { id: client.id }, data: { revokedAt: now } });
    await tx.refreshToken.updateMany({ where: { clientId: client.id, revokedAt: null }, data: { revokedAt: now } });
    await recordAudit(tx, {
      actor: staff,
      action: "client.revoke",
      targetType: "client",
      targetId: client.id,
      before: { revoked: false },
      after: { revoked: true },
    });
  });
}
