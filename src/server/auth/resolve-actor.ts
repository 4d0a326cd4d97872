import type { SqlPort } from "@/server/db/sql-runner";
import type { Actor } from "@/server/core/context";
import { verifyAccessToken } from "./access-token";
import { isApiKeyFormat, resolveApiKey } from "./api-keys";
import { readSessionState, sessionCounts } from "./session-state";

export type ActorResolution =
  | { ok: true; actor: Actor; scope: "none" | "public" | "private"; /** the user's code, for the request's log line */ userCode?: string }
  | { ok: false; reason: "expired" | "invalid" };

/** The token of an `Authorization: Bearer <token>` header, if that is what it holds. */
export function bearerOf(header: string | null): string | undefined {
  return header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
}

/**
 * Turns a bearer access token (or an API key: auth/api-keys.ts) into an actor. A user's token is refused when the account is no
 * longer active, its session version was ended (disable, password change, renew) or its login's
 * refresh-token family was revoked (a replayed refresh token).
 */
export async function resolveBearer(sql: SqlPort, token: string | undefined): Promise<ActorResolution> {
  if (!token) return { ok: true, actor: { kind: "anonymous" }, scope: "none" };
  // an API key: its user, within its scopes; revoked (or its user no longer active), it counts for nothing
  if (isApiKeyFormat(token)) {
    const grant = await resolveApiKey(sql, token);
    if (!grant) return { ok: false, reason: "invalid" };
    return {
      ok: true,
      userCode: grant.userCode,
      actor: {
        kind: "user",
        userId: grant.userId,
        clientId: `key:${grant.keyId}`,
        apiKey: { id: grant.keyId, scopes: grant.scopes, origins: grant.origins },
      },
      scope: "private",
    };
  }
  const verified = await verifyAccessToken(token);
  if (!verified.ok) return verified;
  const { claims } = verified;
  if (claims.scope === "public" || !claims.userId)
    return {
      ok: true,
      actor: { kind: "client", clientId: claims.clientId, ...(claims.confidential ? { confidential: true } : {}) },
      scope: "public",
    };
  const state = await readSessionState(sql, claims.userId, claims.familyId);
  if (!state || !sessionCounts(state, claims.sessionVersion)) return { ok: false, reason: "invalid" };
  return {
    userCode: state.userCode,
    ok: true,
    actor: { kind: "user", userId: claims.userId, clientId: claims.clientId, sessionFamily: claims.familyId },
    scope: "private",
  };
}
