import { columnMap, expr, tableAs } from "@/server/db/column-map";

const pc = tableAs("Payment", "pc");

/**
 * The paid purchase of the vod `v` that a presented trackingId ($2) already completed, read in the
 * statement that reads the vod (vod-entitlement.ts, completedPurchaseRead): its columns, what they
 * and the join read (the PGlite cache of vod rows watches it, vod-item-view.ts), and the join.
 */
export const COMPLETED_PURCHASE = {
  ...columnMap(
    {
      purchaseCompleted: expr(`pc."id" IS NOT NULL`, pc.reads("id")),
      purchaseBuyerId: pc.col("buyerId", "::text"),
      purchasePaidAtMs: expr(`(EXTRACT(EPOCH FROM pc."paidAt") * 1000)::float8`, pc.reads("paidAt")),
    },
    pc.reads("trackingId", "kind", "itemId", "status", "completedAt"),
  ),
  joins: `LEFT JOIN "Payment" pc ON pc."trackingId" = $2 AND pc."kind" = 'VOD' AND pc."itemId" = v."id"::text
      AND pc."status" = 'PAID' AND pc."completedAt" IS NOT NULL`,
};
