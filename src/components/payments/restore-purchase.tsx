"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { errorMessageOf } from "@/lib/trpc/errors";
import { trpc } from "@/lib/trpc/react";
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
  const restore = trpc.payments.restore.useMutation();
  const [state, setState] = useState<State>({ stage: "restoring" });

  useEffect(() => {
    const token = window.location.hash.slice(1);
    window.history.replaceState(window.history.state, "", window.location.pathname);
    if (!token) {
      setState({ stage: "refused", message: "The link is incomplete: open the whole link from your receipt mail." });
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
            window: accessUntilText(p.accessUntil),
          });
        },
        onError: (err) => setState({ stage: "refused", message: errorMessageOf(err) ?? "The purchase could not be restored." }),
      },
    );
    // once, with the address the page was opened at
  }, []);

  if (state.stage === "restoring") return <p role="status">Restoring your purchase…</p>;
  if (state.stage === "refused")
    return (
      <p className="notice notice--error" role="alert" data-testid="restore-refused">
        {state.message}
      </p>
    );
  return (
    <div className="restore" role="status" data-testid="restore-done">
      <p className="notice notice--success">
        <strong>{state.title}</strong> is yours in this browser too. {state.window}.
      </p>
      {state.href && (
        <Link className="button" href={state.href} data-testid="restore-open">
          Watch now
        </Link>
      )}
    </div>
  );
}
