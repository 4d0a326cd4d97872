import type { UserAccount } from "@/server/domain/users/user-view";
import { formatDate, omitEmpty } from "@/server/rest/wire";

/** The document's User resource. billingAddress stays an object (empty right after registration). */
export function renderUser(u: UserAccount) {
  return omitEmpty({
    userCode: u.userCode,
    profile: { ...u.profile, birthDate: formatDate(u.profile.birthDate) },
    finance: { ...u.finance, billingAddress: omitEmpty(u.finance.billingAddress) },
    features: u.features,
  });
}
