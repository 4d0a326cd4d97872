import type { Ctx } from "@/server/core/context";
import { listLicenses, type LicenseView } from "./license-view";

// The plans of the catalogue (supplement §5), cheapest first: the portal's Plans page.
export async function listPlans(ctx: Ctx): Promise<LicenseView[]> {
  return listLicenses(ctx.db);
}
