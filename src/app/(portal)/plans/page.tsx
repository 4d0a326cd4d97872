import { PlanCard } from "@/components/plans/plan-card";
import { formatDay } from "@/lib/format";
import { requirePortalCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";
import { PAYMENT_STATE_TEXT } from "@/components/payments/payment-state";

export const metadata = { title: "Plans" };

type Search = Promise<Record<string, string | string[] | undefined>>;

// GET /plans - the catalogue's plans side by side with their quotas, the caller's marked; buy or renew
// one through checkout (back to /plans/activate, or here with ?cancelled=1), or downgrade to Free.
export default async function PlansPage({ searchParams }: { searchParams: Search }) {
  const { caller } = await requirePortalCaller("/plans");
  const [plans, overview, query] = await Promise.all([caller.licenses.list(), caller.users.overview(), searchParams]);
  const current = plans.find((p) => p.name === overview.licenseName);
  // back by the cancelUrl: what became of the payment (cancelled, failed, expired or left unpaid), in its words
  const unpaid =
    query.cancelled !== undefined && typeof query.trackingId === "string"
      ? await tryCall(() => caller.payments.state({ trackingId: query.trackingId as string }))
      : undefined;
  const unpaidText = unpaid?.ok && unpaid.data.status !== "PAID" ? PAYMENT_STATE_TEXT[unpaid.data.status] : PAYMENT_STATE_TEXT.PENDING;
  return (
    <div className="container container--wide">
      <h1>Plans</h1>
      {query.cancelled !== undefined && (
        <div className="notice notice--info" role="status">
          <p data-testid="payment-outcome">{`${unpaidText} Your plan is unchanged.`}</p>
        </div>
      )}
      {query.downgraded !== undefined && current?.priceCents === 0 && (
        <div className="notice notice--success" role="status">
          <p>You are back on the {overview.licenseName} plan.</p>
        </div>
      )}
      {overview.licenseExpired && (
        <div className="notice notice--error" role="alert" data-testid="plan-expired-notice">
          <p className="notice__title">
            Your {overview.licenseName} plan expired on {formatDay(overview.renewDate)}.
          </p>
          <p>New uploads are refused until you renew it, buy another plan or go back to Free.</p>
        </div>
      )}
      <p className="muted">
        You are on the <strong data-testid="current-plan">{overview.licenseName}</strong> plan. Renewing your plan adds the periods you buy
        after the ones you have; buying another plan switches to it at once.
      </p>
      <div className="plans">
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} overview={overview} />
        ))}
      </div>
    </div>
  );
}
