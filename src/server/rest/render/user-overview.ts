import { BYTES_PER_GB, type UserOverview } from "@/server/domain/users/user-overview";
import { formatDecimal, omitEmpty } from "@/lib/wire";

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
