import type { PaymentKind } from "@/generated/prisma/enums";
import { bundlePath } from "@/components/bundles/bundle-period";
import { liveEventPath } from "@/lib/live-urls";
import { watchPath } from "@/lib/vod-urls";

/**
 * Where a purchase is used: a video's watch page, a live event's page, a bundle's page, the plans; marketplace items have none.
 * `label` is the key of the link's text under payments.link.
 */
export function purchaseLink(kind: PaymentKind, itemId: string): { href: string; label: "watch" | "bundle" | "plans" } | undefined {
  if (kind === "VOD") return { href: watchPath(itemId), label: "watch" };
  if (kind === "LIVE_EVENT") return { href: liveEventPath(itemId), label: "watch" };
  if (kind === "BUNDLE") return { href: bundlePath(itemId), label: "bundle" };
  if (kind === "LICENSE") return { href: "/plans", label: "plans" };
  return undefined;
}
