import { getLocale, getTranslations } from "next-intl/server";
import { AppealForm } from "@/components/moderation/appeal-form";
import { formatDay } from "@/lib/format";
import { requirePortalCaller } from "@/server/portal/session";
import { pageTitle } from "@/i18n/page-title";
import "@/components/moderation/moderation.css";

export const generateMetadata = pageTitle("notices");

const REASONS = ["spam", "sexual", "violence", "hate", "harassment", "copyright", "privacy", "illegal", "other"] as const;

// GET /notices - the statements of reasons of the moderators' takedowns of the caller's contents
// (notices.mine): what, why, which rule, how it was decided, whether it is in force; the appeal,
// made once while in force, and the moderator's decision on it.
export default async function NoticesPage() {
  const { caller } = await requirePortalCaller("/notices");
  const [notices, t, tr, locale] = await Promise.all([
    caller.notices.mine(),
    getTranslations("report.notices"),
    getTranslations("report.reasons"),
    getLocale(),
  ]);
  // a rule named after a report's reason reads as that reason; any other as staff wrote it
  const ruleWords = (rule: string | null) =>
    rule === null ? t("terms") : (REASONS as readonly string[]).includes(rule) ? tr(rule as "spam") : rule;
  return (
    <div className="container">
      <h1>{t("title")}</h1>
      <p className="muted">{t("intro")}</p>
      {notices.length === 0 ? (
        <p className="card" data-testid="notices-empty">
          {t("none")}
        </p>
      ) : (
        <ul className="notice-list">
          {notices.map((n) => (
            <li key={n.id} className="card" data-testid="notice">
              <h2>
                {t(`kinds.${n.targetType as "vod" | "bundle" | "liveChannel" | "castChannel" | "user"}`)} “{n.targetLabel}”{" "}
                <span className={`badge ${n.restoredAt ? "badge--success" : "badge--danger"}`}>
                  {n.restoredAt ? t("restored") : t("inForce")}
                </span>
              </h2>
              <dl>
                <dt>{t("reason")}</dt>
                <dd>{n.reason}</dd>
                <dt>{t("rule")}</dt>
                <dd>{ruleWords(n.rule)}</dd>
                <dt>{t("how")}</dt>
                <dd>{n.reportId ? t("afterReport") : t("ownInitiative")}</dd>
                <dt>{t("when")}</dt>
                <dd>
                  <time dateTime={n.createdAt.toISOString()}>{formatDay(n.createdAt, locale)}</time>
                </dd>
              </dl>
              {n.appealedAt ? (
                <div data-testid="notice-appeal">
                  <h3>{t("yourAppeal")}</h3>
                  <p className="prewrap">{n.appealText}</p>
                  <p role="status">
                    {n.appealOutcome === "reversed" ? t("reversed") : n.appealOutcome === "upheld" ? t("upheld") : t("waiting")}
                  </p>
                  {n.appealResponse && <p className="prewrap">{n.appealResponse}</p>}
                </div>
              ) : (
                !n.restoredAt && <AppealForm takedownId={n.id} />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
