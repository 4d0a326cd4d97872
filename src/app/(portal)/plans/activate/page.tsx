import Link from "next/link";
import { fieldErrorText } from "@/components/form/read-form";
import { requirePortalCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";

export const metadata = { title: "Plan activation" };

type Search = Promise<Record<string, string | string[] | undefined>>;

/** The words for the fields of licenses.activate a refusal may name (it has no form). */
const FIELDS = { trackingId: "Payment reference", licenseName: "Plan" };

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
  const reasons = result && !result.ok ? Object.entries(result.fieldErrors).map(([f, m]) => fieldErrorText(f, m, FIELDS)) : [];
  return (
    <div className="container container--narrow">
      <h1>Plan activation</h1>
      <div className="card" data-testid="activation-result">
        {result?.ok ? (
          <div role="status">
            <div className="notice notice--success">
              <p className="notice__title">
                Your <strong data-testid="activated-plan">{result.data.licenseName}</strong> plan is active.
              </p>
              {result.data.daysToExpiration !== undefined && <p>{result.data.daysToExpiration} day(s) left. Thank you!</p>}
            </div>
            <div className="actions">
              <Link className="button" href="/dashboard">
                Go to the dashboard
              </Link>
              <Link href="/plans">See the plans</Link>
            </div>
          </div>
        ) : (
          <div role="alert">
            <div className="notice notice--error">
              <p className="notice__title">The plan could not be activated.</p>
              {!result && <p>The link is incomplete: it needs the plan and the payment reference the checkout adds.</p>}
              {result && reasons.length === 0 && <p>{result.message}</p>}
              {reasons.map((r) => (
                <p key={r}>{r}</p>
              ))}
            </div>
            <p>
              <Link href="/plans">Back to the plans</Link>
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
