import type { PaymentKind } from "@/generated/prisma/enums";
import { bundlePath } from "@/components/bundles/bundle-period";
import { liveEventPath } from "@/lib/live-urls";
import { watchPath } from "@/lib/vod-urls";

/** Where a purchase is used: a video's watch page, a live event's page, a bundle's page, the plans; marketplace items have none. */
export function purchaseLink(kind: PaymentKind, itemId: string): { href: string; label: string } | undefined {
  if (kind === "VOD") return { href: watchPath(itemId), label: "Watch" };
  if (kind === "LIVE_EVENT") return { href: liveEventPath(itemId), label: "Watch" };
  if (kind === "BUNDLE") return { href: bundlePath(itemId), label: "Bundle" };
  if (kind === "LICENSE") return { href: "/plans", label: "Plans" };
  return undefined;
}
