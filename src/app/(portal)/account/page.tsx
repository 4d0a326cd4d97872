import { ProfileForm } from "@/components/account/profile-form";
import { requirePortalCaller } from "@/server/portal/session";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("profile");

// GET /account - edit the profile and the public page (users.me, users.update).
export default async function ProfilePage() {
  const { caller } = await requirePortalCaller("/account");
  return <ProfileForm account={await caller.users.me()} />;
}
