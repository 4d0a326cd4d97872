import type { ApiKeyRow } from "@/server/domain/users/api-keys";
import { API_SCOPES } from "@/server/auth/api-keys";

// An API key on the wire (issue 27): ISO 8601 instants; the key itself only in the creation's answer.

export function renderApiKey(k: ApiKeyRow & { key?: string }) {
  return {
    keyId: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes,
    origins: k.origins,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    ...(k.key ? { key: k.key } : {}),
  };
}

export const apiKeySchema: Record<string, unknown> = {
  type: "object",
  required: ["keyId", "name", "prefix", "scopes", "origins", "createdAt", "lastUsedAt"],
  properties: {
    keyId: { type: "string", format: "uuid" },
    name: { type: "string" },
    prefix: { type: "string", description: "The key's first characters, to tell keys apart" },
    scopes: { type: "array", items: { type: "string", enum: [...API_SCOPES] } },
    origins: { type: "array", items: { type: "string" }, description: "Browser origins allowed to use the key (CORS)" },
    createdAt: { type: "string", format: "date-time" },
    lastUsedAt: { type: ["string", "null"], format: "date-time" },
    key: { type: "string", description: "Only when created (shown once): send it as Authorization: Bearer <key>" },
  },
};
