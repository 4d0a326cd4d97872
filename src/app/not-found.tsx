import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("notFound");

// Any unknown path, and pages that call notFound() (an unknown creator, the outbox when mail is sent).
export default async function NotFound() {
  const t = await getTranslations("errors");
  return (
    <div className="container container--narrow">
      <h1>{t("notFoundTitle")}</h1>
      <div className="card">
        <p>{t("notFoundText")}</p>
        <Link className="button" href="/">
          {t("home")}
        </Link>
      </div>
    </div>
  );
}
