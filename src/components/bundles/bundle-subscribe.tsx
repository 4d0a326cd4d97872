"use client";

import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { useHydrated } from "@/components/form/submit-button";
import { errorMessageOf } from "@/lib/trpc/errors";
import { trpc } from "@/lib/trpc/react";
import { bundlePath } from "./bundle-period";

/** What the checkout added to the bundle page's address (returnUrl / cancelUrl), taken out of it. */
function takeCheckoutReturn(): { trackingId?: string; cancelled: boolean } {
  const url = new URL(window.location.href);
  const trackingId = url.searchParams.get("trackingId") ?? undefined;
  const cancelled = url.searchParams.get("payment") === "cancelled";
  if (trackingId !== undefined || url.searchParams.has("payment")) {
    url.searchParams.delete("trackingId");
    url.searchParams.delete("payment");
    window.history.replaceState(window.history.state, "", url);
  }
  return { trackingId: cancelled ? undefined : trackingId, cancelled };
}

/**
 * Subscribe on the bundle page: opens the payment (bundles.subscribe) and sends the viewer to the
 * checkout; back from it with the trackingId, activates the subscription (bundles.activate, once:
 * a reload replays it harmlessly) and redraws the page, whose items then play.
 */
export function BundleSubscribe({ bundleId, label }: { bundleId: string; label: string }) {
  const client = trpc.useUtils().client;
  const router = useRouter();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    const back = takeCheckoutReturn();
    if (back.cancelled) setNotice("The payment was cancelled: nothing was charged.");
    if (!back.trackingId) return;
    setBusy(true);
    client.bundles.activate
      .mutate({ bundleId, trackingId: back.trackingId })
      .then(() => router.refresh())
      .catch((err: unknown) => {
        setError(errorMessageOf(err) ?? "The subscription could not be activated.");
        setBusy(false);
      });
  }, [client, bundleId, router]);

  async function subscribe(): Promise<void> {
    setBusy(true);
    setError(undefined);
    try {
      const page = window.location.origin + bundlePath(bundleId);
      const payment = await client.bundles.subscribe.mutate({
        bundleId,
        returnUrl: page,
        cancelUrl: `${page}?payment=cancelled`,
        advanceMonthlyPayments: 1,
        embedded: false,
        mobile: false,
      });
      window.location.assign(payment.url);
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
