import type { LicenseView } from "@/server/domain/licenses/license-view";
import { formatBytes, formatCount } from "@/lib/format";

const MB = 1024 * 1024;

/** A plan's quota as the card lists it: the message key of its label (plans.quota.*) and its value. */
export interface PlanQuota {
  key: "storage" | "bandwidth" | "streaming" | "maxVideoSize" | "uploads" | "support";
  value: string;
}

/** What a plan allows, in the order the plan cards list them; `hours` words a number of streaming hours. */
export function planQuotas(
  l: LicenseView,
  language: string,
  hours: (count: string) => string,
  support: (level: string) => string,
): PlanQuota[] {
  return [
    { key: "storage", value: `${l.storageGb} GB` },
    { key: "bandwidth", value: `${l.bandGb} GB` },
    { key: "streaming", value: hours(formatCount(l.streamingAmount, language)) },
    { key: "maxVideoSize", value: formatBytes(l.maxVideoSizeMb * MB) },
    { key: "uploads", value: formatCount(l.maxUploadNumber, language) },
    { key: "support", value: support(l.support) },
  ];
}
