import { BYTES_PER_GB, type UserOverview } from "@/server/domain/users/user-overview";
import { formatDecimal, omitEmpty } from "@/lib/wire";
import { billingAddressSchema } from "./user";

/**
 * The document's User overview: renewDate as [year, month, day]; storage and band are the amounts
 * used, in GB (1024^3 bytes) with two decimals, and their percentages of the license quota, all as
 * comma strings ("0,25"). billingAddress is left out when it has no field.
 */
export function renderUserOverview(o: UserOverview) {
  const address = omitEmpty(o.billingAddress);
  return omitEmpty({
    userCode: o.userCode,
    licenseName: o.licenseName,
    licenseExpired: o.licenseExpired,
    availableRenews: o.availableRenews,
    renewDate: [o.renewDate.getUTCFullYear(), o.renewDate.getUTCMonth() + 1, o.renewDate.getUTCDate()],
    daysFromActivation: o.daysFromActivation,
    daysToExpiration: o.daysToExpiration,
    videosCount: o.videosCount,
    storage: formatDecimal(o.storageUsedBytes / BYTES_PER_GB),
    band: formatDecimal(o.bandUsedBytes / BYTES_PER_GB),
    storagePercent: formatDecimal(o.storagePercent),
    bandPercent: formatDecimal(o.bandPercent),
    paymentEmail: o.paymentEmail,
    vatNumber: o.vatNumber,
    billingAddress: Object.keys(address).length ? address : undefined,
    thumbnailId: o.thumbnailId,
  });
}

/** The user's overview (renderUserOverview; also the answer of a license's activation and downgrade). */
export const userOverviewSchema: Record<string, unknown> = {
  type: "object",
  required: ["userCode", "licenseName", "licenseExpired", "availableRenews", "renewDate", "daysFromActivation", "videosCount"],
  properties: {
    userCode: { type: "string" },
    licenseName: { type: "string", examples: ["Free"] },
    licenseExpired: { type: "boolean" },
    availableRenews: { type: "integer" },
    renewDate: { type: "array", items: { type: "integer" }, description: "[year, month, day] (UTC)", examples: [[2026, 12, 31]] },
    daysFromActivation: { type: "integer" },
    daysToExpiration: { type: "integer", description: "absent when the license never expires" },
    videosCount: { type: "integer" },
    storage: { type: "string", description: "GB used, comma decimal", examples: ["1,25"] },
    band: { type: "string", description: "GB delivered this period, comma decimal", examples: ["0,40"] },
    storagePercent: { type: "string", examples: ["12,50"] },
    bandPercent: { type: "string", examples: ["4,00"] },
    paymentEmail: { type: "string", format: "email" },
    vatNumber: { type: "string" },
    billingAddress: billingAddressSchema,
    thumbnailId: { type: "string", format: "uuid" },
  },
};
