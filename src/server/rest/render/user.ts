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
