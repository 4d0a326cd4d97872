import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { invalidField, notFound } from "@/server/core/errors";
import { emptyToUndefined, zBool, zOptionalHttpUrl, zOptionalText } from "@/server/core/schema";
import type { Prisma } from "@/generated/prisma/client";
import { toUserAccount, userAccountSelect, type UserAccount } from "./user-view";
import { zBirthDate, zEmail, zLanguage, zName } from "./user-fields";
import { isCountryCode } from "./countries";
import { hashLivePassword } from "@/server/media/live/live-password";
import { sealLivePassword } from "@/server/media/live/live-password-seal";

// Clients post back the whole object they read (supplement §3): unknown keys and read-only fields
// (userCode, countryName, ...) are dropped by the schemas (zod strips unknown keys) and never written.
// null and "" mean "no value", as in responses where empty optionals are left out.
const optional = <S extends z.ZodType>(schema: S) => z.preprocess(emptyToUndefined, schema.optional());

const zOptionalEmail = () => optional(zEmail());
const zCountry = () =>
  z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), z.string().refine(isCountryCode, "field.country"));

const profileInput = z.object({
  firstName: zName(),
  lastName: zName(),
  birthDate: zBirthDate(),
  email: zEmail(),
  language: optional(zLanguage()),
  pageTitle: zOptionalText(200),
  pageDescription: zOptionalText(4000),
  thumbnailId: optional(z.uuid("field.thumbnailId")),
  socialUrl1: zOptionalHttpUrl(500),
  socialContact: zOptionalText(200),
  socialUrl2: zOptionalHttpUrl(500),
});

const billingAddressInput = z.object({
  street: zOptionalText(200),
  zipCode: zOptionalText(20),
  city: zOptionalText(100),
  country: optional(zCountry()),
  state: zOptionalText(100),
});

const financeInput = z
  .object({
    paymentEmail: zOptionalEmail(),
    companyName: zOptionalText(200),
    companyConfirm: optional(zBool()),
    vatNumber: zOptionalText(32),
    taxCode: zOptionalText(32),
    billingAddress: optional(billingAddressInput),
  })
  .superRefine(
    (v, ctx) => {
      // supplement §1: companyConfirm must be true whenever a company name is given
      if (v.companyName && v.companyConfirm !== true)
        ctx.addIssue({ code: "custom", path: ["companyConfirm"], message: "field.companyConfirm" });
    },
    { when: () => true }, // also when other finance fields are invalid: all errors in one answer
  );

const featuresInput = z.object({
  transcoderNotifyEnabled: optional(zBool()),
  vodPublic: optional(zBool()),
  livePassword: optional(z.string().trim().max(64).regex(/^\S+$/, "field.invalid")),
});

export const updateUserInput = z.object({
  profile: profileInput,
  finance: optional(financeInput),
  features: optional(featuresInput),
});

export type UpdateUserInput = z.output<typeof updateUserInput>;

// POST /api/user/me - updates the logged user's account.
// Replacement by section: a section absent from the body (finance, features) is left unchanged; a
// section that is sent replaces the stored one, so an optional field absent from it is cleared
// (clients post back the object they read, where empty optionals are left out). Exceptions, because
// they have no "empty" value: profile.language and the feature booleans keep their value when absent;
// and features.livePassword, which is never answered: absent, it keeps the stored one.
// A billingAddress absent from a sent finance section is cleared like any other finance field.
export async function updateUser(ctx: Ctx, input: UpdateUserInput): Promise<UserAccount> {
  const userId = requireUserId(ctx);
  const current = await ctx.db.user.findUnique({ where: { id: userId }, select: { email: true, thumbnailId: true } });
  if (!current) throw notFound("error.userNotFound");
  const { profile, finance, features } = input;

  if (profile.email !== current.email) {
    const clash = await ctx.db.user.findFirst({ where: { email: profile.email, id: { not: userId } }, select: { id: true } });
    if (clash) throw invalidField("profile.email", "field.emailTaken");
  }
  if (profile.thumbnailId && profile.thumbnailId !== current.thumbnailId) {
    // only the user's own uploads (POST /api/thumbnail) may be shown on their page
    const owned = await ctx.db.thumbnail.findFirst({ where: { id: profile.thumbnailId, ownerId: userId }, select: { id: true } });
    if (!owned) throw invalidField("profile.thumbnailId", "field.thumbnailId");
  }

  const data: Prisma.UserUpdateInput = {
    firstName: profile.firstName,
    lastName: profile.lastName,
    birthDate: new Date(`${profile.birthDate}T00:00:00Z`),
    email: profile.email,
    language: profile.language,
    pageTitle: profile.pageTitle ?? null,
    pageDescription: profile.pageDescription ?? null,
    thumbnailId: profile.thumbnailId ?? null,
    socialUrl1: profile.socialUrl1 ?? null,
    socialContact: profile.socialContact ?? null,
    socialUrl2: profile.socialUrl2 ?? null,
    lastActivityAt: new Date(),
  };
  if (finance) {
    const address = finance.billingAddress;
    Object.assign(data, {
      paymentEmail: finance.paymentEmail ?? null,
      companyName: finance.companyName ?? null,
      vatNumber: finance.vatNumber ?? null,
      taxCode: finance.taxCode ?? null,
      billingStreet: address?.street ?? null,
      billingZipCode: address?.zipCode ?? null,
      billingCity: address?.city ?? null,
      billingCountry: address?.country ?? null,
      billingState: address?.state ?? null,
    } satisfies Prisma.UserUpdateInput);
  }
  if (features) {
    Object.assign(data, {
      transcoderNotifyEnabled: features.transcoderNotifyEnabled,
      vodPublic: features.vodPublic,
    } satisfies Prisma.UserUpdateInput);
    // write-only (never answered, so a client posting back what it read sends none): absent or
    // empty keeps the stored one, a value replaces it
    if (features.livePassword) {
      data.livePasswordHash = await hashLivePassword(features.livePassword);
      data.livePasswordSealed = sealLivePassword(features.livePassword);
    }
  }

  const user = await ctx.db.user.update({ where: { id: userId }, data, select: userAccountSelect }).catch((err: unknown) => {
    // a concurrent update or registration took the same email
    if ((err as { code?: string }).code === "P2002") throw invalidField("profile.email", "field.emailTaken");
    throw err;
  });
  return toUserAccount(user);
}
