import type { LicenseView } from "@/server/domain/licenses/license-view";
import { formatBytes } from "@/lib/format";

const MB = 1024 * 1024;

const SUPPORT: Record<string, string> = {
  COMMUNITY: "Community",
  EMAIL: "Email",
  PRIORITY: "Priority",
  DEDICATED: "Dedicated",
};

/** What a plan allows, as label and value, in the order the plan cards list them. */
export function planQuotas(l: LicenseView): { label: string; value: string }[] {
  return [
    { label: "Storage", value: `${l.storageGb} GB` },
    { label: "Band per month", value: `${l.bandGb} GB` },
    { label: "Streaming", value: `${l.streamingAmount.toLocaleString("en-GB")} hours` },
    { label: "Max video size", value: formatBytes(l.maxVideoSizeMb * MB) },
    { label: "Uploads", value: l.maxUploadNumber.toLocaleString("en-GB") },
    { label: "Support", value: SUPPORT[l.support] ?? l.support },
  ];
}
