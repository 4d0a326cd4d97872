import { DisableAccount } from "@/components/account/disable-account";
import { PasswordForm } from "@/components/account/password-form";
import { requirePortalCaller } from "@/server/portal/session";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("password");

// GET /account/password - change the password (users.updatePassword) or close the account (users.disable).
export default async function PasswordPage() {
  const { session } = await requirePortalCaller("/account/password");
  return (
    <>
      <PasswordForm userCode={session.user.userCode} />
      <DisableAccount />
    </>
  );
}
