import type { Prisma } from "@/generated/prisma/client";

/** What an account looks like to its owner (the document's User resource, with domain types). */
export const userAccountSelect = {
  id: true,
  userCode: true,
  email: true,
  status: true,
  firstName: true,
  lastName: true,
  birthDate: true,
  language: true,
  pageTitle: true,
  pageDescription: true,
  thumbnailId: true,
  socialUrl1: true,
  socialContact: true,
  socialUrl2: true,
  paymentEmail: true,
  companyName: true,
  vatNumber: true,
  taxCode: true,
  billingStreet: true,
  billingZipCode: true,
  billingCity: true,
  billingCountry: true,
  billingState: true,
  transcoderNotifyEnabled: true,
  vodPublic: true,
  livePasswordHash: true,
} satisfies Prisma.UserSelect;

type UserRow = Prisma.UserGetPayload<{ select: typeof userAccountSelect }>;

export interface BillingAddress {
  street?: string;
  zipCode?: string;
  city?: string;
  country?: string;
  countryName?: string;
  state?: string;
}

export interface UserAccount {
  userCode: string;
  active: boolean;
  profile: {
    firstName: string;
    lastName: string;
    birthDate: Date;
    email: string;
    language: string;
    pageTitle?: string;
    pageDescription?: string;
    thumbnailId?: string;
    socialUrl1?: string;
    socialContact?: string;
    socialUrl2?: string;
  };
  finance: {
    paymentEmail?: string;
    companyName?: string;
    vatNumber?: string;
    taxCode?: string;
    billingAddress: BillingAddress;
  };
  // features.livePassword is write-only: stored as a hash, never answered
  features: { transcoderNotifyEnabled: boolean; vodPublic: boolean };
  /** Whether a live password is set (the portal says so; REST does not show it). */
  livePasswordSet: boolean;
}

const opt = (v: string | null): string | undefined => v ?? undefined;

const countryNames = new Intl.DisplayNames(["en"], { type: "region" });
export const countryName = (code: string | null): string | undefined => (code ? countryNames.of(code) : undefined);

export function toUserAccount(u: UserRow): UserAccount {
  return {
    userCode: u.userCode,
    active: u.status === "ACTIVE",
    profile: {
      firstName: u.firstName,
      lastName: u.lastName,
      birthDate: u.birthDate,
      email: u.email,
      language: u.language,
      pageTitle: opt(u.pageTitle),
      pageDescription: opt(u.pageDescription),
      thumbnailId: opt(u.thumbnailId),
      socialUrl1: opt(u.socialUrl1),
      socialContact: opt(u.socialContact),
      socialUrl2: opt(u.socialUrl2),
    },
    finance: {
      paymentEmail: opt(u.paymentEmail),
      companyName: opt(u.companyName),
      vatNumber: opt(u.vatNumber),
      taxCode: opt(u.taxCode),
      billingAddress: {
        street: opt(u.billingStreet),
        zipCode: opt(u.billingZipCode),
        city: opt(u.billingCity),
        country: opt(u.billingCountry),
        countryName: countryName(u.billingCountry),
        state: opt(u.billingState),
      },
    },
    features: { transcoderNotifyEnabled: u.transcoderNotifyEnabled, vodPublic: u.vodPublic },
    livePasswordSet: u.livePasswordHash !== null,
  };
}
