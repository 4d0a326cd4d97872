import { z } from "zod";
import type { PaymentKind } from "@/generated/prisma/enums";
import { hashToken, newSecureToken } from "@/server/auth/secure-token";
import type { Db } from "@/server/db/client";
import type { Ctx } from "@/server/core/context";
import { DomainError, notFound } from "@/server/core/errors";
import { purchaseAccessUntil, RESTORABLE_KINDS } from "./purchase-access";

// A guest's purchase lives in the browser that bought it (its trackingId, kept per item:
// components/payments/purchase-storage.ts). The receipt mail carries a link that hands that
// trackingId to another browser, which keeps it the same way: the link's token is single-purpose
// (it restores this one purchase, nothing else), kept only as its SHA-256, works on any number of
// devices while the purchase gives access, and ends sooner when revoked (a refund). The token
// travels in the link's fragment (/restore#token), which browsers never send: no server or proxy
// log holds it; the restore page posts it.

/** A fresh restore link's token for a guest's paid purchase (stored hashed); the receipt mails it. */
export async function issueRestoreToken(db: Db, paymentId: string): Promise<string> {
  const token = newSecureToken();
  await db.purchaseRestoreLink.create({ data: { paymentId, tokenHash: hashToken(token) } });
  return token;
}

export const restorePurchaseInput = z.object({ token: z.string().trim().min(1, "field.required").max(200) });

/** What the restore page keeps in this browser and links to. */
export interface RestoredPurchase {
  kind: PaymentKind;
  itemId: string;
  title: string;
  trackingId: string;
  accessUntil: Date;
}

/**
 * The purchase a receipt's restore link names, for whoever opens it: 404 for a token that names
 * nothing (mistyped, tampered with); 403 once the purchase gives no access any more (its window is
 * over, it was refunded, the link was revoked).
 */
export async function restorePurchase(ctx: Ctx, input: z.output<typeof restorePurchaseInput>, now = new Date()): Promise<RestoredPurchase> {
  const link = await ctx.db.purchaseRestoreLink.findUnique({
    where: { tokenHash: hashToken(input.token) },
    select: {
      revokedAt: true,
      payment: { select: { kind: true, itemId: true, title: true, trackingId: true, status: true, paidAt: true, buyerId: true } },
    },
  });
  const p = link?.payment;
  if (!p || p.buyerId !== null || !RESTORABLE_KINDS.includes(p.kind)) throw notFound("error.restoreLinkInvalid");
  const accessUntil = p.status === "PAID" && !link.revokedAt ? await purchaseAccessUntil(ctx.db, p) : undefined;
  if (!accessUntil || accessUntil <= now) throw new DomainError("FORBIDDEN", "error.restoreLinkEnded");
  return { kind: p.kind, itemId: p.itemId, title: p.title, trackingId: p.trackingId, accessUntil };
}
