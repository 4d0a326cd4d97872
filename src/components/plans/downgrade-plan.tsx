"use client";

import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { FormStatus } from "@/components/form/form-status";
import { useHydrated } from "@/components/form/submit-button";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";

/**
 * licenses.downgrade behind a confirmation that says what is lost: the plan ends at once and the time
 * left is not refunded. Then the page is rendered again, with Free as the current plan.
 */
export function DowngradePlan({ currentPlan, daysLeft }: { currentPlan: string; daysLeft?: number }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [asking, setAsking] = useState(false);
  const t = useTranslations("plans.downgrade");
  const confirm = useRef<HTMLButtonElement>(null);
  const downgrade = trpc.licenses.downgrade.useMutation({
    onSuccess: () => {
      router.replace("/plans?downgraded=1");
      router.refresh();
    },
  });
  useEffect(() => {
    if (asking) confirm.current?.focus();
  }, [asking]);

  if (!asking)
    return (
      <button type="button" className="button button--secondary" disabled={!hydrated} onClick={() => setAsking(true)}>
        {t("button")}
      </button>
    );
  return (
    <div className="plan__confirm" role="group" aria-labelledby="downgrade-question">
      <p id="downgrade-question">
        <strong>{t("question")}</strong>{" "}
        {daysLeft ? t("whatHappensLeft", { plan: currentPlan, days: daysLeft }) : t("whatHappens", { plan: currentPlan })}
      </p>
      <FormStatus error={errorMessageOf(downgrade.error)} />
      <div className="actions">
        <button
          ref={confirm}
          type="button"
          className="button button--danger"
          disabled={downgrade.isPending}
          aria-busy={downgrade.isPending || undefined}
          onClick={() => downgrade.mutate()}
        >
          {downgrade.isPending ? t("pending") : t("confirm")}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
          {t("keep", { plan: currentPlan })}
        </button>
      </div>
    </div>
  );
}
