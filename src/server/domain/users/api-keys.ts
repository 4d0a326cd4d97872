import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { normalizeUuid } from "@/server/core/uuid";
import { zStringList } from "@/server/core/schema";
import { DomainError, invalid, notFound, type FieldError } from "@/server/core/errors";
import { API_SCOPES, isApiScope, newApiKey } from "@/server/auth/api-keys";
import { originOf } from "@/server/auth/client-origins";

// A user's API keys (issue 27 item 2): POST, GET /api/user/me/api-keys, DELETE
// /api/user/me/api-keys/{keyId}. The key is in the creation's answer only; its SHA-256 is kept. A key
// cannot manage keys (the routes belong to no scope: rest/api-scopes.ts).

export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  origins: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

const rowSelect = { id: true, name: true, prefix: true, scopes: true, origins: true, createdAt: true, lastUsedAt: true } as const;

/** Live keys one user may have. */
export const MAX_API_KEYS_PER_USER = 50;

const list = zStringList();

export const createApiKeyInput = z.object({
  name: z.string().trim().max(100),
  scopes: list,
  origins: list.default([]),
});

// POST /api/user/me/api-keys {name, scopes, origins} -> 201 {keyId, key, ...}
export async function createApiKey(ctx: Ctx, input: z.output<typeof createApiKeyInput>): Promise<ApiKeyRow & { key: string }> {
  const userId = requireUserId(ctx);
  if (ctx.actor.kind === "user" && ctx.actor.apiKey) throw new DomainError("FORBIDDEN", "error.apiKeyCannotManageKeys");
  const problems: FieldError[] = [];
  if (!input.name) problems.push({ field: "name", message: "field.apiKey.name" });
  const scopes = [...new Set(input.scopes)];
  if (!scopes.length || !scopes.every(isApiScope))
    problems.push({ field: "scopes", message: "field.apiKey.scopes", params: { scopes: API_SCOPES.join(", ") } });
  const origins = input.origins.map((o) => originOf(o.trim()));
  if (origins.some((o) => o === undefined)) problems.push({ field: "origins", message: "field.apiKey.origins" });
  if (problems.length) throw invalid(problems);
  if ((await ctx.db.apiKey.count({ where: { userId, revokedAt: null } })) >= MAX_API_KEYS_PER_USER)
    throw new DomainError("CONFLICT", "error.apiKeyLimit", { max: MAX_API_KEYS_PER_USER });
  const made = newApiKey();
  const row = await ctx.db.apiKey.create({
    data: { userId, name: input.name, keyHash: made.hash, prefix: made.prefix, scopes, origins: [...new Set(origins as string[])] },
    select: rowSelect,
  });
  return { ...row, key: made.key };
}

/** The user's live keys, the newest first, without the keys themselves. */
export async function listApiKeys(ctx: Ctx): Promise<ApiKeyRow[]> {
  const userId = requireUserId(ctx);
  return ctx.db.apiKey.findMany({ where: { userId, revokedAt: null }, orderBy: [{ createdAt: "desc" }, { id: "asc" }], select: rowSelect });
}

export const apiKeyIdInput = z.object({ keyId: z.string().max(64) });

// DELETE /api/user/me/api-keys/{keyId} -> 204: refused from the next request on (the grant cache follows the commit)
export async function revokeApiKey(ctx: Ctx, input: z.output<typeof apiKeyIdInput>): Promise<void> {
  const userId = requireUserId(ctx);
  if (ctx.actor.kind === "user" && ctx.actor.apiKey) throw new DomainError("FORBIDDEN", "error.apiKeyCannotManageKeys");
  const keyId = normalizeUuid(input.keyId);
  const revoked = keyId
    ? await ctx.db.apiKey.updateMany({ where: { id: keyId, userId, revokedAt: null }, data: { revokedAt: new Date() } })
    : { count: 0 };
  if (revoked.count !== 1) throw notFound("error.apiKeyNotFound");
}
