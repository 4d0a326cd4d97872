import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { RegisterForm } from "@/components/account/register-form";
import { devOutboxVisible } from "@/server/portal/dev-outbox";

export const generateMetadata = async () => ({ title: (await getTranslations("register"))("pageTitle") });

// GET /register - create an account; it stays inactive until the link in the activation mail is opened.
export default async function RegisterPage() {
  const t = await getTranslations("register");
  return (
    <div className="container container--narrow">
      <h1>{t("title")}</h1>
      <div className="card">
        <RegisterForm outbox={await devOutboxVisible()} />
      </div>
      <p>
        {t("already")} <Link href="/login">{t("logIn")}</Link>
      </p>
    </div>
  );
}
