import { resolveBearer } from "@/server/auth/resolve-actor";
import type { Db } from "@/server/db/client";
import type { Actor } from "@/server/domain/context";
import { resolvePortalActor } from "@/server/portal/session";

/**
 * Who sends an upload request (tus, portal thumbnail): a REST client with `Authorization: Bearer <access token>` (never a token
 * in the URL: tus URLs end up in logs and client storage), else the portal's session cookie.
 */
export async function resolveRequestActor(db: Db, req: Request): Promise<Actor> {
  const header = req.headers.get("authorization");
  const bearer = header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  if (bearer) {
    const resolved = await resolveBearer(db, bearer);
    return resolved.ok && resolved.scope === "private" ? resolved.actor : { kind: "anonymous" };
  }
  return resolvePortalActor(db);
}
