import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { fieldErrorText } from "@/components/form/read-form";
import { requirePortalCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("planActivation");

type Search = Promise<Record<string, string | string[] | undefined>>;

// GET /plans/activate?plan=<name>&trackingId=<id> - where checkout sends the buyer of a plan back:
// activates the plan paid with that trackingId (licenses.activate: exactly once; coming back again
// answers the same and grants nothing more) and says how it went.
export default async function ActivatePlanPage({ searchParams }: { searchParams: Search }) {
  const { plan, trackingId } = await searchParams;
  // a buyer whose session ended meanwhile logs in and comes back here
  const { caller } = await requirePortalCaller(
    `/plans/activate?${new URLSearchParams({ plan: String(plan ?? ""), trackingId: String(trackingId ?? "") })}`,
  );
  const result =
    typeof plan === "string" && typeof trackingId === "string"
      ? await tryCall(() => caller.licenses.activate({ licenseName: plan, trackingId }))
      : undefined;
  const t = await getTranslations("plans.activation");
  // the words for the fields of licenses.activate a refusal may name (it has no form)
  const FIELDS = { trackingId: t("fieldTrackingId"), licenseName: t("fieldPlan") };
  const reasons = result && !result.ok ? Object.entries(result.fieldErrors).map(([f, m]) => fieldErrorText(f, m, FIELDS)) : [];
  return (
    <div className="container container--narrow">
      <h1>{t("title")}</h1>
      <div className="card" data-testid="activation-result">
        {result?.ok ? (
          <div role="status">
            <div className="notice notice--success">
              <p className="notice__title">
                {t.rich("active", {
                  plan: result.data.licenseName,
                  strong: (chunks) => <strong data-testid="activated-plan">{chunks}</strong>,
                })}
              </p>
              {result.data.daysToExpiration !== undefined && <p>{t("daysLeft", { days: result.data.daysToExpiration })}</p>}
            </div>
            <div className="actions">
              <Link className="button" href="/dashboard">
                {t("dashboard")}
              </Link>
              <Link href="/plans">{t("plans")}</Link>
            </div>
          </div>
        ) : (
          <div role="alert">
            <div className="notice notice--error">
              <p className="notice__title">{t("failed")}</p>
              {!result && <p>{t("incomplete")}</p>}
              {result && reasons.length === 0 && <p>{result.message}</p>}
              {reasons.map((r) => (
                <p key={r}>{r}</p>
              ))}
            </div>
            <p>
              <Link href="/plans">{t("back")}</Link>
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
