import { getTranslations } from "next-intl/server";
import { RegistrationSettings } from "@/components/admin/registration-settings";
import { requirePortalCaller } from "@/server/portal/session";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("consoleSettings");

// GET /admin/settings - the registration policy (admin.registration; administrators change it) and
// invitation codes while registration is by invitation.
export default async function AdminSettingsPage() {
  const { caller } = await requirePortalCaller("/admin/settings");
  const [{ mode }, role, t] = await Promise.all([caller.admin.registration(), caller.admin.role(), getTranslations("console.settings")]);
  return (
    <>
      <h1>{t("title")}</h1>
      <section className="card" aria-labelledby="registration-title">
        <h2 id="registration-title">{t("registration")}</h2>
        <RegistrationSettings mode={mode} canChange={role === "ADMINISTRATOR"} />
      </section>
    </>
  );
}
