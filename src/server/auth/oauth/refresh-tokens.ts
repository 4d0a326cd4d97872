import { randomUUID } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { hashToken, newSecureToken } from "@/server/auth/secure-token";
import { env } from "@/server/env";
import type { TokenUser } from "@/server/auth/access-token";

// Refresh tokens: random, stored only as their hash, bound to a user and a client, grouped in a
// family (one login). Every use rotates the token: the old row is marked rotatedAt/successorId and
// a new token of the same family is returned. Using a rotated token again is a replay (the token
// leaked) and revokes the whole family - except within REFRESH_GRACE_SECONDS of its rotation, where
// it is a client's concurrent refresh (two tabs, a retried request) and gets a token of the family.

type Tx = Prisma.TransactionClient;

/** Starts a family (password grant) or continues one (rotation). Returns the token, shown only once. */
export async function issueRefreshToken(
  db: Db | Tx,
  userId: string,
  clientId: string,
  familyId: string = randomUUID(),
  id: string = randomUUID(),
): Promise<string> {
  const token = newSecureToken();
  const now = new Date();
  await db.refreshToken.create({
    data: {
      id,
      tokenHash: hashToken(token),
      familyId,
      userId,
      clientId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + env().REFRESH_TOKEN_TTL * 1000),
    },
  });
  return token;
}

export type Rotation = { ok: true; user: TokenUser; token: string } | { ok: false };

type Outcome = Rotation | { ok: false; replayedFamily: string };

/** Exchanges a refresh token of `clientId` for a new one of the same family. */
export async function rotateRefreshToken(db: Db, token: string, clientId: string): Promise<Rotation> {
  const outcome = await db.$transaction((tx) => rotateLocked(tx, hashToken(token), clientId), { maxWait: 10_000, timeout: 10_000 });
  if ("replayedFamily" in outcome) {
    // outside the transaction, which locks one row only: two replays of one family cannot deadlock
    await db.refreshToken.updateMany({ where: { familyId: outcome.replayedFamily, revokedAt: null }, data: { revokedAt: new Date() } });
    return { ok: false };
  }
  return outcome;
}

async function rotateLocked(tx: Tx, tokenHash: string, clientId: string): Promise<Outcome> {
  // The row lock serializes refreshes of one token on PostgreSQL (the second waits, then reads the
  // first one's rotation); PGlite runs one transaction at a time anyway.
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "RefreshToken" WHERE "tokenHash" = ${tokenHash} FOR UPDATE`;
  const id = locked[0]?.id;
  if (!id) return { ok: false };
  const row = await tx.refreshToken.findUniqueOrThrow({
    where: { id },
    include: { user: { select: { status: true, sessionVersion: true } } },
  });
  const now = new Date();
  if (row.clientId !== clientId || row.revokedAt || row.expiresAt <= now) return { ok: false };
  // disabled or not activated. Ended sessions are revoked rows: a password change revokes every family
  // but the caller's, which refreshes to get a token of the new User.sessionVersion.
  if (row.user.status !== "ACTIVE") return { ok: false };
  // a family revoked by a concurrent replay may hold rows created after the revocation: check the family
  if (await tx.refreshToken.count({ where: { familyId: row.familyId, revokedAt: { not: null } } })) return { ok: false };

  if (!row.rotatedAt) {
    const successorId = randomUUID();
    const successor = await issueRefreshToken(tx, row.userId, row.clientId, row.familyId, successorId);
    await tx.refreshToken.update({ where: { id }, data: { rotatedAt: now, successorId } });
    return { ok: true, user: tokenUser(row), token: successor };
  }
  if (now.getTime() - row.rotatedAt.getTime() <= env().REFRESH_GRACE_SECONDS * 1000) {
    // concurrent refresh: the successor went to the other request and only its hash is kept, so this one gets a sibling
    return { ok: true, user: tokenUser(row), token: await issueRefreshToken(tx, row.userId, row.clientId, row.familyId) };
  }
  return { ok: false, replayedFamily: row.familyId };
}

const tokenUser = (row: { userId: string; familyId: string; user: { sessionVersion: number } }): TokenUser => ({
  userId: row.userId,
  familyId: row.familyId,
  sessionVersion: row.user.sessionVersion,
});
