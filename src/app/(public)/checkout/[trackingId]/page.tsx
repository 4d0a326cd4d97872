import { notFound } from "next/navigation";
import { getServerCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";
import { formatDay, formatPrice } from "@/lib/format";
import { Field } from "@/components/form/field";
import { PAYMENT_STATE_TEXT } from "@/components/payments/payment-state";
import "@/components/payments/payments.css";

export const metadata = { title: "Test checkout", robots: { index: false } };

type Params = Promise<{ trackingId: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

/** The e-mail field's error after the form was refused (outcome/route.ts sends a browser back here with ?invalid=email). */
const EMAIL_ERROR = "Email: enter the address your receipt and its link to watch on any device should go to";

// GET /checkout/{trackingId} - the sandbox provider's payment page (src/server/payments/sandbox-provider.ts).
// Its form posts outcome=paid|cancelled|failed back to this URL (src/proxy.ts hands the POST to ./outcome).
export default async function CheckoutPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { trackingId } = await params;
  const emailRefused = (await searchParams).invalid === "email";
  const caller = await getServerCaller();
  const result = await tryCall(() => caller.payments.checkout({ trackingId }));
  if (!result.ok) notFound();
  const c = result.data;
  const price = formatPrice(c.amountCents, c.currency);
  return (
    <div className="container container--narrow">
      <div className="notice notice--info" role="note">
        <p className="notice__title">Test payment</p>
        <p>
          This is Kinora&apos;s sandbox payment provider: no money moves. Pay, Cancel and Fail settle the payment as a real provider would.
        </p>
      </div>
      <section className="card checkout" aria-labelledby="checkout-title">
        <h1 id="checkout-title">Checkout</h1>
        <dl className="checkout__lines">
          <dt>Item</dt>
          <dd data-testid="checkout-item">{c.title}</dd>
          <dt>Seller</dt>
          <dd data-testid="checkout-seller">
            {c.seller ? (c.seller.pageTitle ?? c.seller.userCode) + ` (@${c.seller.userCode})` : "Kinora"}
          </dd>
          <dt>Price</dt>
          <dd data-testid="checkout-price" className="checkout__price">
            {price}
          </dd>
        </dl>
        {c.status === "PENDING" ? (
          <form method="post" className="checkout__form">
            {c.guest && (
              <Field
                name="email"
                label="Email"
                type="email"
                autoComplete="email"
                required={c.guest.emailRequired}
                hint="Your receipt goes there, with a link to watch on any device. No account needed."
                error={emailRefused ? EMAIL_ERROR : undefined}
              />
            )}
            <div className="actions">
              <button className="button" type="submit" name="outcome" value="paid">
                Pay {price}
              </button>
              <button className="button button--secondary" type="submit" name="outcome" value="cancelled" formNoValidate>
                Cancel
              </button>
              <button className="link-button" type="submit" name="outcome" value="failed" formNoValidate>
                Simulate a failed payment
              </button>
            </div>
          </form>
        ) : (
          <p role="status" data-testid="checkout-status">
            {PAYMENT_STATE_TEXT[c.status]}
          </p>
        )}
        <p className="muted">
          Reference {c.trackingId}
          {c.status === "PENDING" ? ` · open until ${formatDay(c.expiresAt)}` : ""}
        </p>
      </section>
    </div>
  );
}
