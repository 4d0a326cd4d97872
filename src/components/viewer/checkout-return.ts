// What the watch and live players share about a purchase made through the checkout: the trackingId
// of a purchase, kept per item in this browser so a reload (or a visit tomorrow) plays within the
// purchase's window. It never goes into a URL of ours: play sends it in a POST body, and the page
// removes it from the address the checkout returned to (a shared link gives nothing away).

/** The purchases of one kind of item kept in this browser (`kinora.<kind>.<id>.trackingId`). */
export function purchaseStorage(kind: "vod" | "live") {
  const key = (id: string) => `kinora.${kind}.${id}.trackingId`;
  return {
    read(id: string): string | undefined {
      try {
        return window.localStorage.getItem(key(id)) ?? undefined;
      } catch {
        return undefined; // storage refused (a sandboxed frame, privacy settings)
      }
    },
    write(id: string, trackingId: string): void {
      try {
        window.localStorage.setItem(key(id), trackingId);
      } catch {
        // nothing kept: the purchase still plays in this page
      }
    },
  };
}

/** What the checkout added to the page's address (returnUrl / cancelUrl), taken out of it. */
export function takeCheckoutReturn(): { trackingId?: string; cancelled: boolean } {
  const url = new URL(window.location.href);
  const trackingId = url.searchParams.get("trackingId") ?? undefined;
  const cancelled = url.searchParams.get("payment") === "cancelled";
  if (trackingId !== undefined || url.searchParams.has("payment")) {
    url.searchParams.delete("trackingId");
    url.searchParams.delete("payment");
    window.history.replaceState(window.history.state, "", url);
  }
  return { trackingId, cancelled };
}

/** The payment request of a purchase made from a page: back to it paid, or cancelled. */
export function returnToPage(path: string) {
  const page = window.location.origin + path;
  return { returnUrl: page, cancelUrl: `${page}?payment=cancelled`, advanceMonthlyPayments: 1, embedded: false, mobile: false };
}
