import { randomBytes } from "node:crypto";
import { declareCommitCache } from "@/server/db/commit-cache";
import { columnMap, expr, tableAs, watchedTables } from "@/server/db/column-map";
import type { SqlPort } from "@/server/db/sql-runner";
import type { Db } from "@/server/db/client";
import { hashToken } from "./secure-token";

// API keys (issue 27 item 2): a long-lived bearer credential of a user, limited to scopes, for
// server-side integrations. "kin_" and 43 URL-safe characters (256 random bits); stored only as its
// SHA-256 (as every token: auth/secure-token.ts), shown once. A key acts as its user within its
// scopes (rest/api-scopes.ts says which operation needs which).

export const API_SCOPES = [
  "box:read",
  "box:write",
  "vod:read",
  "vod:write",
  "live:read",
  "live:write",
  "cast:read",
  "cast:write",
  "sales:read",
  "analytics:read",
  "webhooks:write",
] as const;

export type ApiScope = (typeof API_SCOPES)[number];

export const isApiScope = (s: string): s is ApiScope => (API_SCOPES as readonly string[]).includes(s);

const KEY = /^kin_[A-Za-z0-9_-]{43}$/;

/** Whether a bearer token has the form of an API key (else it is an OAuth access token, a JWT). */
export const isApiKeyFormat = (token: string): boolean => KEY.test(token);

/** A new key, its hash (what is stored) and its first characters (shown in the list to tell keys apart). */
export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = `kin_${randomBytes(32).toString("base64url")}`;
  return { key, hash: hashToken(key), prefix: key.slice(0, 12) };
}

/** What a request authenticated by a key may do, and as whom. */
export type ApiKeyGrant = {
  keyId: string;
  userId: string;
  userCode: string;
  scopes: string[];
  /** browser origins allowed to use the key (CORS); empty: none */
  origins: string[];
};

const k = tableAs("ApiKey", "k");
const u = tableAs("User", "u");
const GRANT = columnMap(
  {
    keyId: expr(`k."id"::text`, k.reads("id")),
    userId: expr(`k."userId"::text`, k.reads("userId")),
    userCode: u.col("userCode"),
    scopes: k.col("scopes"),
    origins: k.col("origins"),
  },
  k.reads("keyHash", "revokedAt"),
  u.reads("id", "status"),
);
// One round trip; on PGlite none while no commit changed the keys or users (commit-cache.ts)
const SQL = `SELECT ${GRANT.select} FROM "ApiKey" k JOIN "User" u ON u."id" = k."userId"
  WHERE k."keyHash" = $1 AND k."revokedAt" IS NULL AND u."status" = 'ACTIVE'`;
const grants = declareCommitCache<ApiKeyGrant | null>({ name: "api_key", watch: watchedTables(GRANT.reads), maxEntries: 10_000 });

/** The grant of an API key that is live (not revoked, its user active), else null. */
export async function resolveApiKey(sql: SqlPort, key: string): Promise<ApiKeyGrant | null> {
  const hash = hashToken(key);
  return sql.cached(grants, hash, async () => (await sql.read<ApiKeyGrant>(SQL, [hash]))[0] ?? null);
}

// when this process last wrote each key's lastUsedAt: once a minute at most, whatever the traffic
const lastNoted = new Map<string, number>();
const NOTE_EVERY_MS = 60_000;

/** Records that key `keyId` was used now (its lastUsedAt, to the minute), without waiting for it. */
export function noteApiKeyUse(db: Db, keyId: string, now = Date.now()): void {
  if (now - (lastNoted.get(keyId) ?? 0) < NOTE_EVERY_MS) return;
  lastNoted.set(keyId, now);
  if (lastNoted.size > 10_000) lastNoted.clear();
  void db.apiKey
    .updateMany({ where: { id: keyId, revokedAt: null }, data: { lastUsedAt: new Date(now) } })
    .catch(() => lastNoted.delete(keyId)); // the next request tries again
}
