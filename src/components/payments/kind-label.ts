import type { PaymentKind } from "@/generated/prisma/enums";

/** What was bought, in one word, for the Sales and Purchases pages. */
export const KIND_LABEL: Record<PaymentKind, string> = {
  LICENSE: "Plan",
  VOD: "Video",
  BUNDLE: "Bundle",
  MARKETPLACE: "Marketplace",
  LIVE_EVENT: "Live event",
};
