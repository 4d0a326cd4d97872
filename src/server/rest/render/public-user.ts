import type { PublicUser } from "@/server/domain/users/public-user";
import { omitEmpty } from "@/server/rest/wire";

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
