import { getTranslations } from "next-intl/server";
import "./moderation.css";

/**
 * What a page shows in place of a target the moderators took down (the REST interface answers 451):
 * that it was, and why. The data is kept; its owner reads the statement of reasons in the portal.
 */
export async function TakenDownNotice({ reason }: { reason: string }) {
  const t = await getTranslations("report.takenDown");
  return (
    <div className="container">
      <section className="card taken-down" role="alert" data-testid="taken-down">
        <h1>{t("title")}</h1>
        <p>{t("text")}</p>
        {reason && (
          <p>
            <strong>{t("reason")}</strong> {reason}
          </p>
        )}
      </section>
    </div>
  );
}
