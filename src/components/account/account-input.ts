import type { UpdateUserInput } from "@/server/domain/users/update-user";
import type { UserAccount } from "@/server/domain/users/user-view";
import { isoDay } from "@/lib/format";
import type { formReader } from "@/components/form/read-form";

/**
 * The profile section of users.update. It is required and replaces the stored one (an absent
 * optional field is cleared), so the finance and features forms send the stored profile back
 * unchanged, and the profile form sends what it shows (thumbnailId kept: no upload here yet).
 */
export function profileInputOf(account: UserAccount, form?: ReturnType<typeof formReader>): UpdateUserInput["profile"] {
  const p = account.profile;
  const stored = { ...p, birthDate: isoDay(p.birthDate) };
  if (!form) return stored;
  return {
    firstName: form.text("profile.firstName"),
    lastName: form.text("profile.lastName"),
    birthDate: form.text("profile.birthDate"),
    email: form.text("profile.email"),
    language: form.text("profile.language"),
    pageTitle: form.text("profile.pageTitle"),
    pageDescription: form.text("profile.pageDescription"),
    socialUrl1: form.text("profile.socialUrl1"),
    socialContact: form.text("profile.socialContact"),
    socialUrl2: form.text("profile.socialUrl2"),
    thumbnailId: p.thumbnailId,
  };
}
