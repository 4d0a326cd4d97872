"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useHydrated } from "@/components/form/submit-button";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { goToCheckout, sayUnpaid, useCheckoutReturn } from "@/components/payments/use-checkout";
import { bundlePath } from "./bundle-period";

/**
 * Subscribe on the bundle page: opens the payment (bundles.subscribe) and sends the viewer to the
 * checkout; back from it with the trackingId, activates the subscription (bundles.activate, once:
 * a reload replays it harmlessly) and redraws the page, whose items then play.
 */
export function BundleSubscribe({ bundleId, label }: { bundleId: string; label: string }) {
  const t = useTranslations("bundlePage");
  const client = trpc.useUtils().client;
  const router = useRouter();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();

  useCheckoutReturn(
    (back) => {
      sayUnpaid(back, (trackingId) => client.payments.state.query({ trackingId }), setNotice);
      if (!back.trackingId) return;
      setBusy(true);
      client.bundles.activate
        .mutate({ bundleId, trackingId: back.trackingId })
        .then(() => router.refresh())
        .catch((err: unknown) => {
          setError(errorMessageOf(err) ?? t("notActivated"));
          setBusy(false);
        });
    },
    [client, bundleId, router],
  );

  async function subscribe(): Promise<void> {
    setBusy(true);
    setError(undefined);
    try {
      await goToCheckout(bundlePath(bundleId), (request) => client.bundles.subscribe.mutate({ bundleId, ...request }));
    } catch (err) {
      setError(errorMessageOf(err));
      setBusy(false);
    }
  }

  return (
    <div>
      <button
        type="button"
        className="button"
        onClick={() => void subscribe()}
        disabled={!hydrated || busy}
        aria-busy={busy || undefined}
        data-testid="bundle-subscribe"
      >
        {label}
      </button>
      {(notice || error) && (
        <p className={`notice ${error ? "notice--error" : "notice--info"}`} role="status">
          {error ?? notice}
        </p>
      )}
    </div>
  );
}
