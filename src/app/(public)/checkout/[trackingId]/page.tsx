import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { getServerCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";
import { formatDay, formatPrice } from "@/lib/format";
import { Field } from "@/components/form/field";
import "@/components/payments/payments.css";

export const generateMetadata = async () => ({ title: (await getTranslations("checkout"))("pageTitle"), robots: { index: false } });

type Params = Promise<{ trackingId: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

// GET /checkout/{trackingId} - the sandbox provider's payment page (src/server/payments/sandbox-provider.ts).
// Its form posts outcome=paid|cancelled|failed back to this URL (src/proxy.ts hands the POST to ./outcome).
export default async function CheckoutPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { trackingId } = await params;
  const emailRefused = (await searchParams).invalid === "email";
  const caller = await getServerCaller();
  const result = await tryCall(() => caller.payments.checkout({ trackingId }));
  if (!result.ok) notFound();
  const c = result.data;
  const [t, stateText, locale] = await Promise.all([getTranslations("checkout"), getTranslations("payments.stateText"), getLocale()]);
  const price = formatPrice(c.amountCents, c.currency, locale);
  return (
    <div className="container container--narrow">
      <div className="notice notice--info" role="note">
        <p className="notice__title">{t("testTitle")}</p>
        <p>{t("testText")}</p>
      </div>
      <section className="card checkout" aria-labelledby="checkout-title">
        <h1 id="checkout-title">{t("title")}</h1>
        <dl className="checkout__lines">
          <dt>{t("item")}</dt>
          <dd data-testid="checkout-item">{c.title}</dd>
          <dt>{t("seller")}</dt>
          <dd data-testid="checkout-seller">
            {c.seller ? (c.seller.pageTitle ?? c.seller.userCode) + ` (@${c.seller.userCode})` : "Kinora"}
          </dd>
          <dt>{t("price")}</dt>
          <dd data-testid="checkout-price" className="checkout__price">
            {price}
          </dd>
        </dl>
        {c.status === "PENDING" ? (
          <form method="post" className="checkout__form">
            {c.guest && (
              <Field
                name="email"
                label={t("email")}
                type="email"
                autoComplete="email"
                required={c.guest.emailRequired}
                hint={t("emailHint")}
                // the e-mail field's error after the form was refused (outcome/route.ts sends a browser back here with ?invalid=email)
                error={emailRefused ? t("emailError") : undefined}
              />
            )}
            <div className="actions">
              <button className="button" type="submit" name="outcome" value="paid">
                {t("pay", { price })}
              </button>
              <button className="button button--secondary" type="submit" name="outcome" value="cancelled" formNoValidate>
                {t("cancel")}
              </button>
              <button className="link-button" type="submit" name="outcome" value="failed" formNoValidate>
                {t("fail")}
              </button>
            </div>
          </form>
        ) : (
          <p role="status" data-testid="checkout-status">
            {stateText(c.status)}
          </p>
        )}
        <p className="muted">
          {t("reference", { trackingId: c.trackingId })}
          {c.status === "PENDING" ? t("openUntil", { day: formatDay(c.expiresAt, locale) }) : ""}
        </p>
      </section>
    </div>
  );
}
