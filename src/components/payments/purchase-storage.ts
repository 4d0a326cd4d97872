// The trackingId of a purchase, kept per item in this browser so a reload (or a visit tomorrow) plays
// within the purchase's window (the watch page's vod, the live pages' ticket). It never goes into a
// URL of ours: play sends it in a POST body, and the page takes it out of the address the checkout
// returned to (use-checkout.ts).

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

/**
 * Keeps a purchase restored from a receipt's link (restore-purchase.tsx) where the page that plays it
 * looks: the watch page's vod by its vodId, the live event page's ticket as `event.<eventId>`.
 */
export function keepRestoredPurchase(kind: string, itemId: string, trackingId: string): void {
  if (kind === "VOD") purchaseStorage("vod").write(itemId, trackingId);
  else if (kind === "LIVE_EVENT") purchaseStorage("live").write(`event.${itemId}`, trackingId);
}
