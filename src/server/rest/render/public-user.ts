import type { PublicUser } from "@/server/domain/users/public-user";
import { omitEmpty } from "@/lib/wire";

/** The document's Public user (also publisher, seller, issuer), empty optionals left out. */
export function renderPublicUser(u: PublicUser) {
  return omitEmpty({
    userCode: u.userCode,
    licenseExpired: u.licenseExpired,
    pageTitle: u.pageTitle,
    pageDescription: u.pageDescription,
    thumbnailId: u.thumbnailId,
    socialUrl1: u.socialUrl1,
    socialContact: u.socialContact,
    socialUrl2: u.socialUrl2,
  });
}

export const publicUserSchema: Record<string, unknown> = {
  type: "object",
  required: ["userCode", "licenseExpired"],
  properties: {
    userCode: { type: "string" },
    licenseExpired: { type: "boolean" },
    pageTitle: { type: "string" },
    pageDescription: { type: "string" },
    thumbnailId: { type: "string" },
    socialUrl1: { type: "string" },
    socialContact: { type: "string" },
    socialUrl2: { type: "string" },
  },
};

/** An item of the users' search (POST /api/public/search/users): the public user's first fields. */
export const userSearchItemSchema: Record<string, unknown> = {
  type: "object",
  required: ["userCode", "licenseExpired"],
  properties: Object.fromEntries(
    Object.entries(publicUserSchema.properties as Record<string, unknown>).filter(([name]) =>
      ["userCode", "licenseExpired", "pageTitle", "pageDescription", "thumbnailId"].includes(name),
    ),
  ),
};
