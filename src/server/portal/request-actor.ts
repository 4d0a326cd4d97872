import { bearerOf, resolveBearer } from "@/server/auth/resolve-actor";
import type { SqlPort } from "@/server/db/sql-runner";
import type { Actor } from "@/server/core/context";
import { DomainError } from "@/server/core/errors";
import { resolvePortalActor } from "@/server/portal/session";

type UserActor = Extract<Actor, { kind: "user" }>;

/**
 * Who sends an upload request (tus, portal thumbnail): a REST client with `Authorization: Bearer <access token>` (never a token
 * in the URL: tus URLs end up in logs and client storage), else the portal's session cookie. Anybody
 * but a signed-in user gets the 401 of an invalid token.
 */
export async function resolveUploadUser(sql: SqlPort, req: Request): Promise<UserActor> {
  const bearer = bearerOf(req.headers.get("authorization"));
  let actor: Actor;
  if (bearer) {
    const resolved = await resolveBearer(sql, bearer);
    actor = resolved.ok && resolved.scope === "private" ? resolved.actor : { kind: "anonymous" };
  } else actor = (await resolvePortalActor(sql, req.headers.get("accept-language"))).actor;
  if (actor.kind !== "user") throw new DomainError("UNAUTHORIZED", "error.tokenInvalid");
  // an API key uploads with box:write only (rest/api-scopes.ts: the Box group's write scope)
  if (actor.apiKey && !actor.apiKey.scopes.includes("box:write"))
    throw new DomainError("FORBIDDEN", "error.apiKeyScope", { scope: "box:write" });
  return actor;
}
