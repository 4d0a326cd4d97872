import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { DomainError, invalid, type FieldError } from "@/server/core/errors";
import { zBool, zHttpUrl } from "@/server/core/schema";
import { hitRateLimit } from "@/server/core/rate-limit";
import { hashPassword } from "@/server/auth/password";
import { hashToken, newSecureToken } from "@/server/auth/secure-token";
import { queueMail } from "@/server/mail/queue-mail";
import { wakeLocalWorkers } from "@/server/jobs/queue";
import { env } from "@/server/env";
import { FREE_LICENSE_ID } from "@/server/domain/licenses/catalogue";
import { toUserAccount, userAccountSelect, type UserAccount } from "./user-view";
import { zBirthDate, zEmail, zLanguage, zName, zPassword, zUserCode } from "./user-fields";
import { activationMail } from "./user-mails";
import { assertMailLinkAllowed } from "./mail-link";
import { checkRegistrationOpen, useInvitation } from "@/server/domain/admin/registration";

export const registerUserInput = z
  .object({
    userCode: zUserCode(),
    password: zPassword(),
    passwordConfirm: z.string(),
    firstName: zName(),
    lastName: zName(),
    birthDate: zBirthDate(),
    email: zEmail(),
    language: zLanguage(),
    conditionsAccepted: zBool().refine((v) => v, "field.conditionsAccepted"),
    activationUrl: zHttpUrl("field.activationUrl")
      .refine((s) => s.includes("${token}"), "field.activationUrl")
      .optional(),
    // while registration is by invitation (domain/admin/registration.ts)
    invitationCode: z.string().trim().max(100).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.passwordConfirm) ctx.addIssue({ code: "custom", path: ["passwordConfirm"], message: "field.passwordConfirm" });
  });

// POST /api/public/user/register - creates an account on the Free license; inactive until activated when activationUrl is given.
// The registration policy comes first: 403 while closed, an invitation code while by invitation, and
// while by approval the account waits for a moderator (AWAITING_APPROVAL, after its activation if any).
// An address registers REGISTER_MAX_PER_WINDOW accounts an hour; a confidential OAuth client (a site
// registering its visitors from its server's one address) is held by its own request budget instead
// (rest/api-budget.ts).
export async function registerUser(ctx: Ctx, input: z.output<typeof registerUserInput>): Promise<UserAccount> {
  const confidentialClient = ctx.actor.kind === "client" && ctx.actor.confidential === true;
  if (ctx.address && !confidentialClient) await hitRateLimit(ctx.db, `register:${ctx.address}`, env().REGISTER_MAX_PER_WINDOW, 3600);
  const mode = await checkRegistrationOpen(ctx.db, input.invitationCode);
  if (input.activationUrl) await assertMailLinkAllowed(ctx, "activationUrl", input.activationUrl);
  await assertUnique(ctx, input.userCode, input.email);
  const activationToken = input.activationUrl ? newSecureToken() : undefined;
  const activationLink = activationToken && input.activationUrl ? input.activationUrl.replaceAll("${token}", activationToken) : undefined;
  const passwordHash = await hashPassword(input.password); // outside the transaction: it takes a while
  // the activation mail is queued in the transaction that creates the account: both exist, or neither
  const user = await ctx.db
    .$transaction(async (tx) => {
      const created = await tx.user.create({
        data: {
          userCode: input.userCode,
          email: input.email,
          passwordHash,
          status: activationToken ? "PENDING" : mode === "approval" ? "AWAITING_APPROVAL" : "ACTIVE",
          activationTokenHash: activationToken ? hashToken(activationToken) : null,
          activatedAt: activationToken ? null : new Date(),
          firstName: input.firstName,
          lastName: input.lastName,
          birthDate: new Date(`${input.birthDate}T00:00:00Z`),
          language: input.language,
          licenseId: FREE_LICENSE_ID,
        },
        select: userAccountSelect,
      });
      if (mode === "invite") await useInvitation(tx, input.invitationCode!, created.id);
      if (activationLink) await queueMail(tx, activationMail(created.email, created.language, activationLink));
      return created;
    })
    .catch((err: unknown) => {
      // a concurrent registration won the race for the same code or email
      if ((err as { code?: string }).code === "P2002") throw invalid([{ field: "userCode", message: "field.userCodeTaken" }]);
      throw err;
    });
  if (activationLink) wakeLocalWorkers();
  return toUserAccount(user);
}

async function assertUnique(ctx: Ctx, userCode: string, email: string): Promise<void> {
  const clashes = await ctx.db.user.findMany({
    where: { OR: [{ userCode: { equals: userCode, mode: "insensitive" } }, { email }] },
    select: { userCode: true, email: true },
  });
  const errors: FieldError[] = [];
  if (clashes.some((u) => u.userCode.toLowerCase() === userCode.toLowerCase()))
    errors.push({ field: "userCode", message: "field.userCodeTaken" });
  if (clashes.some((u) => u.email === email)) errors.push({ field: "email", message: "field.emailTaken" });
  if (errors.length) throw new DomainError("VALIDATION", "error.validation", { count: errors.length }, errors);
}
