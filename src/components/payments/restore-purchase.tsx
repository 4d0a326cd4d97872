"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { accessUntilText } from "./access-window";
import { purchaseLink } from "./purchase-link";
import { keepRestoredPurchase } from "./purchase-storage";

type State =
  { stage: "restoring" } | { stage: "restored"; title: string; href?: string; window: string } | { stage: "refused"; message: string };

/**
 * The page a guest's receipt links to (/restore#<token>): the token is in the fragment, which the
 * browser never sends, so no log keeps it. It posts it (payments.restore), keeps the purchase in
 * this browser as the browser that bought it does (purchase-storage.ts), takes the token out of the
 * address, and links to the video or event.
 */
export function RestorePurchase() {
  const t = useTranslations("payments.restore");
  const words = { t: useTranslations("payments.access"), locale: useLocale() };
  const restore = trpc.payments.restore.useMutation();
  const [state, setState] = useState<State>({ stage: "restoring" });

  useEffect(() => {
    const token = window.location.hash.slice(1);
    window.history.replaceState(window.history.state, "", window.location.pathname);
    if (!token) {
      setState({ stage: "refused", message: t("incomplete") });
      return;
    }
    restore.mutate(
      { token },
      {
        onSuccess: (p) => {
          keepRestoredPurchase(p.kind, p.itemId, p.trackingId);
          setState({
            stage: "restored",
            title: p.title,
            href: purchaseLink(p.kind, p.itemId)?.href,
            window: accessUntilText(words, p.accessUntil),
          });
        },
        onError: (err) => setState({ stage: "refused", message: errorMessageOf(err) ?? t("failed") }),
      },
    );
    // once, with the address the page was opened at
  }, []);

  if (state.stage === "restoring") return <p role="status">{t("restoring")}</p>;
  if (state.stage === "refused")
    return (
      <p className="notice notice--error" role="alert" data-testid="restore-refused">
        {state.message}
      </p>
    );
  return (
    <div className="restore" role="status" data-testid="restore-done">
      <p className="notice notice--success">
        {t.rich("done", { title: state.title, window: state.window, strong: (chunks) => <strong>{chunks}</strong> })}
      </p>
      {state.href && (
        <Link className="button" href={state.href} data-testid="restore-open">
          {t("watchNow")}
        </Link>
      )}
    </div>
  );
}
