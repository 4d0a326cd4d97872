import type { LicenseView } from "@/server/domain/licenses/license-view";
import type { UserOverview } from "@/server/domain/users/user-overview";
import { useLocale, useTranslations } from "next-intl";
import { formatDay, formatPrice } from "@/lib/format";
import { BuyPlanForm } from "./buy-plan-form";
import { DowngradePlan } from "./downgrade-plan";
import { planQuotas } from "./plan-quotas";

/**
 * One plan of the catalogue with its quotas and what the caller can do with it: buy it, renew it
 * (the current paid plan), or go back to it (Free, when on a paid plan).
 */
export function PlanCard({ plan, overview }: { plan: LicenseView; overview: UserOverview }) {
  const current = plan.name === overview.licenseName;
  const expired = current && overview.licenseExpired;
  const free = plan.priceCents === 0;
  const titleId = `plan-${plan.id}-title`;
  const t = useTranslations("plans");
  const locale = useLocale();
  const support = (level: string) => (SUPPORT_LEVELS.includes(level) ? t(`support.${level as SupportLevel}`) : level);
  return (
    <article
      className={`card plan${current ? " plan--current" : ""}${expired ? " plan--expired" : ""}`}
      aria-labelledby={titleId}
      aria-current={current ? "true" : undefined}
      data-testid={`plan-${plan.name}`}
    >
      <header className="plan__head">
        <h2 id={titleId}>{plan.name}</h2>
        {current &&
          (expired ? (
            <span className="badge badge--danger" data-testid="plan-expired">
              {t("expired")}
            </span>
          ) : (
            <span className="badge" data-testid="plan-current">
              {t("current")}
            </span>
          ))}
      </header>
      <p className="plan__price">
        <span className="plan__amount">{formatPrice(plan.priceCents, plan.currency, locale)}</span>{" "}
        <span className="plan__period">{free ? t("forever") : t("perDays", { days: plan.dayDuration })}</span>
      </p>
      {current && <CurrentStanding overview={overview} free={free} />}
      <dl className="plan__quotas">
        {planQuotas(plan, locale, (hours) => t("hours", { hours }), support).map((q) => (
          <div key={q.key}>
            <dt>{t(`quota.${q.key}`)}</dt>
            <dd>{q.value}</dd>
          </div>
        ))}
      </dl>
      <div className="plan__action">
        {!free && (
          <BuyPlanForm
            licenseId={plan.id}
            licenseName={plan.name}
            priceCents={plan.priceCents}
            currency={plan.currency}
            dayDuration={plan.dayDuration}
            renews={current}
          />
        )}
        {free && !current && <DowngradePlan currentPlan={overview.licenseName} daysLeft={overview.daysToExpiration} />}
      </div>
    </article>
  );
}

/** Where the caller stands in their plan: how long it runs, or since when it is over. */
function CurrentStanding({ overview: o, free }: { overview: UserOverview; free: boolean }) {
  const t = useTranslations("plans");
  const locale = useLocale();
  if (free) return <p className="plan__standing">{t("neverExpires")}</p>;
  if (o.licenseExpired)
    return (
      <p className="plan__standing plan__standing--expired">
        {t.rich("expiredOn", { day: formatDay(o.renewDate, locale), strong: (chunks) => <strong>{chunks}</strong> })}
      </p>
    );
  return (
    <p className="plan__standing" data-testid="plan-days-left">
      {o.availableRenews > 0
        ? t("daysLeftAhead", { days: o.daysToExpiration ?? 0, periods: o.availableRenews })
        : t("daysLeft", { days: o.daysToExpiration ?? 0 })}
    </p>
  );
}

const SUPPORT_LEVELS: string[] = ["COMMUNITY", "EMAIL", "PRIORITY", "DEDICATED"];
type SupportLevel = "COMMUNITY" | "EMAIL" | "PRIORITY" | "DEDICATED";
