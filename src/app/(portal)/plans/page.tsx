import { getLocale, getTranslations } from "next-intl/server";
import { PlanCard } from "@/components/plans/plan-card";
import { formatDay } from "@/lib/format";
import { requirePortalCaller } from "@/server/portal/session";
import { pageTitle } from "@/i18n/page-title";
import { tryCall } from "@/server/portal/try-call";

export const generateMetadata = pageTitle("plans");

type Search = Promise<Record<string, string | string[] | undefined>>;

// GET /plans - the catalogue's plans side by side with their quotas, the caller's marked; buy or renew
// one through checkout (back to /plans/activate, or here with ?cancelled=1), or downgrade to Free.
export default async function PlansPage({ searchParams }: { searchParams: Search }) {
  const { caller } = await requirePortalCaller("/plans");
  const [plans, overview, query, t, locale] = await Promise.all([
    caller.licenses.list(),
    caller.users.overview(),
    searchParams,
    getTranslations("plans"),
    getLocale(),
  ]);
  const current = plans.find((p) => p.name === overview.licenseName);
  // back by the cancelUrl: what became of the payment (cancelled, failed, expired or left unpaid), in its words
  const unpaid =
    query.cancelled !== undefined && typeof query.trackingId === "string"
      ? await tryCall(() => caller.payments.state({ trackingId: query.trackingId as string }))
      : undefined;
  const stateText = await getTranslations("payments.stateText");
  const unpaidText = stateText(unpaid?.ok && unpaid.data.status !== "PAID" ? unpaid.data.status : "PENDING");
  return (
    <div className="container container--wide">
      <h1>{t("title")}</h1>
      {query.cancelled !== undefined && (
        <div className="notice notice--info" role="status">
          <p data-testid="payment-outcome">{`${unpaidText} ${t("unchanged")}`}</p>
        </div>
      )}
      {query.downgraded !== undefined && current?.priceCents === 0 && (
        <div className="notice notice--success" role="status">
          <p>{t("downgraded", { plan: overview.licenseName })}</p>
        </div>
      )}
      {overview.licenseExpired && (
        <div className="notice notice--error" role="alert" data-testid="plan-expired-notice">
          <p className="notice__title">{t("expiredNotice", { plan: overview.licenseName, day: formatDay(overview.renewDate, locale) })}</p>
          <p>{t("expiredHelp")}</p>
        </div>
      )}
      <p className="muted">
        {t.rich("intro", { plan: overview.licenseName, strong: (chunks) => <strong data-testid="current-plan">{chunks}</strong> })}
      </p>
      <div className="plans">
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} overview={overview} />
        ))}
      </div>
    </div>
  );
}
