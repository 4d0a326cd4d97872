import type { UserAccount } from "@/server/domain/users/user-view";
import type { RenewRequestedUser } from "@/server/domain/users/request-password-renew";
import { formatDate, omitEmpty } from "@/lib/wire";

/** The document's User resource. billingAddress stays an object (empty right after registration). */
export function renderUser(u: UserAccount) {
  return omitEmpty({
    userCode: u.userCode,
    profile: { ...u.profile, birthDate: formatDate(u.profile.birthDate) },
    finance: { ...u.finance, billingAddress: omitEmpty(u.finance.billingAddress) },
    features: u.features,
  });
}

/** The User shape answered to an anonymous renew request: only public fields and a masked email. */
export function renderRenewRequestedUser(u: RenewRequestedUser) {
  return omitEmpty({ userCode: u.userCode, profile: u.profile, finance: { billingAddress: {} }, features: u.features });
}

export const billingAddressSchema: Record<string, unknown> = {
  type: "object",
  properties: {
    street: { type: "string" },
    zipCode: { type: "string" },
    city: { type: "string" },
    country: { type: "string", description: "ISO 3166-1 alpha-2", examples: ["IT"] },
    countryName: { type: "string", readOnly: true, examples: ["Italy"] },
    state: { type: "string" },
  },
};

/** The User resource (renderUser); empty optionals are left out. */
export const userSchema: Record<string, unknown> = {
  type: "object",
  required: ["userCode", "profile", "finance", "features"],
  properties: {
    userCode: { type: "string" },
    profile: {
      type: "object",
      required: ["firstName", "lastName", "birthDate", "email", "language"],
      properties: {
        firstName: { type: "string" },
        lastName: { type: "string" },
        birthDate: { type: "string", description: "dd/MM/yyyy", examples: ["15/06/1990"] },
        email: { type: "string", format: "email", examples: ["mario.rossi@example.org"] },
        language: { type: "string" },
        pageTitle: { type: "string" },
        pageDescription: { type: "string" },
        thumbnailId: { type: "string", format: "uuid" },
        socialUrl1: { type: "string", format: "uri" },
        socialContact: { type: "string" },
        socialUrl2: { type: "string", format: "uri" },
      },
    },
    finance: {
      type: "object",
      required: ["billingAddress"],
      properties: {
        paymentEmail: { type: "string", format: "email" },
        companyName: { type: "string" },
        vatNumber: { type: "string" },
        taxCode: { type: "string" },
        billingAddress: billingAddressSchema,
      },
    },
    features: {
      type: "object",
      required: ["transcoderNotifyEnabled", "vodPublic"],
      properties: { transcoderNotifyEnabled: { type: "boolean" }, vodPublic: { type: "boolean" } },
    },
  },
};

/** The User shape of an anonymous renew request (renderRenewRequestedUser): only public profile fields and a masked email. */
export const renewRequestedUserSchema: Record<string, unknown> = (() => {
  const properties = userSchema.properties as Record<string, Record<string, unknown>>;
  return {
    ...userSchema,
    properties: { ...properties, profile: { ...properties.profile, required: ["email", "language"] } },
  };
})();
