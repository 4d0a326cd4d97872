import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { notFound } from "@/server/core/errors";
import { emptyToUndefined, zHttpUrl, zOptionalText } from "@/server/core/schema";
import { hitRateLimit } from "@/server/core/rate-limit";
import { hashToken, newSecureToken } from "@/server/auth/secure-token";
import { queueMail } from "@/server/mail/queue-mail";
import { wakeLocalWorkers } from "@/server/jobs/queue";
import { zEmail } from "./user-fields";
import { renewMail } from "./user-mails";
import { RENEW_TOKEN_TTL_SECONDS } from "./renew-token";
import { assertMailLinkAllowed } from "./mail-link";

// Limits on a public operation that sends mail (supplement §4): per caller address against mail
// bombing and account probing, per account against flooding one mailbox.
const MAX_PER_ADDRESS_PER_HOUR = 30;
const MAX_PER_USER_PER_HOUR = 5;

export const requestPasswordRenewInput = z
  .object({
    userCode: zOptionalText(100),
    email: z.preprocess(emptyToUndefined, zEmail().optional()),
    confirmationUrl: zHttpUrl("field.confirmationUrl").refine((s) => s.includes("${token}"), "field.confirmationUrl"),
  })
  .superRefine(
    (v, ctx) => {
      if (!v.userCode && !v.email) ctx.addIssue({ code: "custom", path: ["userCode"], message: "field.userCodeOrEmail" });
    },
    { when: () => true }, // also when confirmationUrl is invalid: all errors in one answer
  );

/**
 * What the caller of a renew request gets back: the document's User shape, but only what the
 * account already shows publicly plus a masked email. The caller is anonymous (any public token),
 * so names, birth date, full email, finance data and the live password are left out.
 */
export interface RenewRequestedUser {
  userCode: string;
  profile: {
    email: string;
    language: string;
    pageTitle?: string;
    pageDescription?: string;
    thumbnailId?: string;
    socialUrl1?: string;
    socialContact?: string;
    socialUrl2?: string;
  };
  finance: { billingAddress: Record<string, never> };
  features: { transcoderNotifyEnabled: boolean; vodPublic: boolean };
}

// POST /api/public/user/password/renew - mails a link to choose a new password.
// The user is found by userCode (case-insensitive) or email; when both are given both must match.
// Unknown and disabled users are a 404: the document answers with the user, so existence shows anyway.
// Earlier links stay valid until used or expired; confirming one kills the others.
export async function requestPasswordRenew(ctx: Ctx, input: z.output<typeof requestPasswordRenewInput>): Promise<RenewRequestedUser> {
  if (ctx.address) await hitRateLimit(ctx.db, `renew-address:${ctx.address}`, MAX_PER_ADDRESS_PER_HOUR, 3600);
  await assertMailLinkAllowed(ctx, "confirmationUrl", input.confirmationUrl);
  const user = await ctx.db.user.findFirst({
    where: {
      status: { not: "DISABLED" },
      ...(input.userCode ? { userCode: { equals: input.userCode, mode: "insensitive" } } : {}),
      ...(input.email ? { email: input.email } : {}),
    },
    select: {
      id: true,
      userCode: true,
      email: true,
      language: true,
      pageTitle: true,
      pageDescription: true,
      thumbnailId: true,
      socialUrl1: true,
      socialContact: true,
      socialUrl2: true,
      transcoderNotifyEnabled: true,
      vodPublic: true,
    },
  });
  if (!user) throw notFound("error.userNotFound");
  await hitRateLimit(ctx.db, `renew-user:${user.id}`, MAX_PER_USER_PER_HOUR, 3600);

  const token = newSecureToken();
  // the link's token and its mail are written together: a queued mail always has a token to open
  await ctx.db.$transaction(async (tx) => {
    await tx.passwordRenewToken.create({
      data: { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RENEW_TOKEN_TTL_SECONDS * 1000) },
    });
    await queueMail(tx, renewMail(user.email, user.language, input.confirmationUrl.replaceAll("${token}", token)));
  });
  wakeLocalWorkers();

  const opt = (v: string | null) => v ?? undefined;
  return {
    userCode: user.userCode,
    profile: {
      email: maskEmail(user.email),
      language: user.language,
      pageTitle: opt(user.pageTitle),
      pageDescription: opt(user.pageDescription),
      thumbnailId: opt(user.thumbnailId),
      socialUrl1: opt(user.socialUrl1),
      socialContact: opt(user.socialContact),
      socialUrl2: opt(user.socialUrl2),
    },
    finance: { billingAddress: {} },
    features: { transcoderNotifyEnabled: user.transcoderNotifyEnabled, vodPublic: user.vodPublic },
  };
}

/** "mario.rossi@example.com" -> "m***@example.com": enough to recognise one's own mailbox. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`;
}
