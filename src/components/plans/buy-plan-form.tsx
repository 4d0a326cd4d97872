"use client";

import { useState, type FormEvent } from "react";
import { useLocale, useTranslations } from "next-intl";
import { SelectField } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { SubmitButton } from "@/components/form/submit-button";
import { formatPrice } from "@/lib/format";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";

/** Periods bought at once (advanceMonthlyPayments) the form offers. */
const MAX_PERIODS = 12;

interface Props {
  licenseId: number;
  licenseName: string;
  priceCents: number;
  currency: string;
  dayDuration: number;
  /** The caller's plan already: buying it again renews it (its expiry moves on). */
  renews: boolean;
}

/**
 * Buys (or renews) a plan: licenses.subscribe opens the payment of the chosen periods, then the browser
 * goes to the provider's page (the sandbox checkout here). The buyer comes back to /plans/activate,
 * which activates the plan, or to /plans?cancelled=1.
 */
export function BuyPlanForm({ licenseId, licenseName, priceCents, currency, dayDuration, renews }: Props) {
  const [periods, setPeriods] = useState(1);
  const t = useTranslations("plans");
  const locale = useLocale();
  const [leaving, setLeaving] = useState(false);
  const subscribe = trpc.licenses.subscribe.useMutation({
    onSuccess: (started) => {
      setLeaving(true);
      window.location.assign(started.url);
    },
  });
  const name = `advanceMonthlyPayments-${licenseId}`;

  function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const origin = window.location.origin;
    subscribe.mutate({
      licenseName,
      advanceMonthlyPayments: periods,
      returnUrl: `${origin}/plans/activate?${new URLSearchParams({ plan: licenseName })}`,
      cancelUrl: `${origin}/plans?cancelled=1`,
      embedded: false,
      mobile: false,
    });
  }

  const options = Array.from({ length: MAX_PERIODS }, (_, i) => ({
    value: String(i + 1),
    label: t("periodOption", { count: i + 1, days: dayDuration }),
  }));
  const pending = subscribe.isPending || leaving;
  return (
    <form className="plan__buy" onSubmit={submit} noValidate>
      <FormStatus error={errorMessageOf(subscribe.error)} />
      <SelectField
        name={name}
        label={t("periods")}
        options={options}
        value={String(periods)}
        onChange={(e) => setPeriods(Number(e.target.value))}
      />
      <p className="plan__total" aria-live="polite">
        {t("total")} <strong data-testid="plan-total">{formatPrice(priceCents * periods, currency, locale)}</strong>
      </p>
      <SubmitButton pending={pending} className={renews ? "button" : "button button--secondary"}>
        {pending ? t("opening") : t(renews ? "renew" : "buy", { name: licenseName })}
      </SubmitButton>
    </form>
  );
}
