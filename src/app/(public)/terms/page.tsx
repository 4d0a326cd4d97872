import { getTranslations } from "next-intl/server";

export const generateMetadata = async () => ({ title: (await getTranslations("register.terms"))("pageTitle") });

// GET /terms - the conditions accepted at registration.
export default async function TermsPage() {
  const t = await getTranslations("register.terms");
  return (
    <div className="container container--narrow">
      <h1>{t("pageTitle")}</h1>
      <div className="card">
        <p>{t("intro")}</p>
        <ul>
          <li>{t("own")}</li>
          <li>{t("legal")}</li>
          <li>{t("suspend")}</li>
          <li>{t("public")}</li>
        </ul>
        <p className="muted">{t("more")}</p>
      </div>
    </div>
  );
}
