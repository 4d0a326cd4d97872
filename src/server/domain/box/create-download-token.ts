import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { DomainError, notFound } from "@/server/core/errors";
import { isLicenseEnded } from "@/server/domain/marketplace/acquired-license";
import { hashToken, newSecureToken } from "@/server/auth/secure-token";

/** How long a download link works (it also works only once). */
export const DOWNLOAD_TOKEN_TTL_SECONDS = 5 * 60;

export const createDownloadTokenInput = z.object({ contentId: z.string().min(1).max(300) });

// GET /api/content/{contentId}/download - a token for GET /download/content/{contentId}?token=: 256
// random bits, stored hashed, single use, valid for DOWNLOAD_TOKEN_TTL_SECONDS. Only for the
// caller's own contents (404 otherwise); for a content acquired on the marketplace, only when its
// license allows downloading and still runs (403).
export async function createDownloadToken(
  ctx: Ctx,
  input: z.output<typeof createDownloadTokenInput>,
): Promise<{ token: string; expiresAt: Date }> {
  const userId = requireUserId(ctx);
  const item = await ctx.db.boxItem.findFirst({
    where: { contentId: input.contentId, ownerId: userId },
    select: { id: true, originalKey: true, acquiredLicense: { select: { download: true, expiresAt: true } } },
  });
  if (!item?.originalKey) throw notFound("error.boxItemNotFound");
  const license = item.acquiredLicense;
  if (license && (!license.download || isLicenseEnded(license.expiresAt))) throw new DomainError("FORBIDDEN", "error.acquiredNoDownload");
  const token = newSecureToken();
  const expiresAt = new Date(Date.now() + DOWNLOAD_TOKEN_TTL_SECONDS * 1000);
  await ctx.db.$transaction([
    // used and expired tokens of the item are of no further use
    ctx.db.downloadToken.deleteMany({ where: { boxItemId: item.id, OR: [{ usedAt: { not: null } }, { expiresAt: { lt: new Date() } }] } }),
    ctx.db.downloadToken.create({ data: { tokenHash: hashToken(token), boxItemId: item.id, userId, expiresAt } }),
  ]);
  return { token, expiresAt };
}
