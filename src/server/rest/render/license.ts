import type { LicenseView } from "@/server/domain/licenses/license-view";
import { formatMoney } from "@/lib/wire";

/** The document's License: price as a comma string; quotas in GB, maxVideoSize in MB (supplement §1), streamingAmount in hours. */
export function renderLicense(l: LicenseView) {
  return {
    id: l.id,
    name: l.name,
    price: formatMoney(l.priceCents),
    dayDuration: l.dayDuration,
    storage: l.storageGb,
    band: l.bandGb,
    streamingAmount: l.streamingAmount,
    maxVideoSize: l.maxVideoSizeMb,
    maxUploadNumber: l.maxUploadNumber,
    support: l.support,
  };
}

export const licenseSchema = {
  type: "object",
  required: ["id", "name", "price", "dayDuration", "storage", "band", "streamingAmount", "maxVideoSize", "maxUploadNumber", "support"],
  properties: {
    id: { type: "integer" },
    name: { type: "string" },
    price: { type: "string", description: 'per period, comma decimals ("20,00")' },
    dayDuration: { type: "integer", description: "days of one period; 0: never expires" },
    storage: { type: "integer", description: "GB" },
    band: { type: "integer", description: "GB per month" },
    streamingAmount: { type: "integer", description: "hours of streaming" },
    maxVideoSize: { type: "integer", description: "MB" },
    maxUploadNumber: { type: "integer" },
    support: { type: "string" },
  },
};
