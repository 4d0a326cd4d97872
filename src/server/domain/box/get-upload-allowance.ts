import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { loadUploadLimits, storageLeft } from "./upload-limits";

/** What the caller may upload now: the limits checkBoxUpload and the commit enforce, as the portal shows them. */
export interface UploadAllowance {
  licenseExpired: boolean;
  /** The license's maxVideoSize, in bytes: a larger file is refused (413). */
  maxFileBytes: number;
  storageLeftBytes: number;
  uploadsLeft: number;
}

// (portal) - shown beside the drop zone before any upload, so a file that cannot fit is refused in
// the browser before a byte is sent.
export async function getUploadAllowance(ctx: Ctx): Promise<UploadAllowance> {
  const l = await loadUploadLimits(ctx.db, requireUserId(ctx));
  return {
    licenseExpired: l.licenseExpired,
    maxFileBytes: l.maxFileBytes,
    storageLeftBytes: storageLeft(l),
    uploadsLeft: Math.max(0, l.maxUploads - l.uploads),
  };
}
