import { z } from "zod";
import type { Db } from "@/server/db/client";
import { notFound } from "@/server/core/errors";
import { hashToken } from "@/server/auth/secure-token";

/** A password renew link is valid for one hour and once. */
export const RENEW_TOKEN_TTL_SECONDS = 3600;

export const zRenewToken = () => z.string().trim().min(1).max(200);

/**
 * The renew token row behind a link, when it is unused, unexpired and its account is not disabled.
 * Anything else is a 404 (unknown, used and expired tokens are not told apart).
 */
export async function findUsableRenewToken(db: Pick<Db, "passwordRenewToken">, token: string): Promise<{ id: string; userId: string }> {
  const row = await db.passwordRenewToken.findFirst({
    where: { tokenHash: hashToken(token), usedAt: null, expiresAt: { gt: new Date() }, user: { status: { not: "DISABLED" } } },
    select: { id: true, userId: true },
  });
  if (!row) throw notFound("error.renewTokenInvalid");
  return row;
}
