import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { DomainError } from "@/server/core/errors";
import { zPriceCents } from "@/server/core/schema";
import { FREE_LICENSE_ID } from "@/server/domain/licenses/catalogue";
import { licenseSelect, loadLicenseByName, type LicenseView } from "@/server/domain/licenses/license-view";
import { recordAudit } from "./audit";
import { requireStaff } from "./staff";

// The license plans (issue 25 item 2): administrators change a plan's price, period and quotas. The
// catalogue of supplement §5 is what a new instance starts with (domain/licenses/catalogue.ts, seeded
// once: a restart does not undo an edit); every read of a plan reads its row. A change applies to new
// purchases and, for quotas, to the plan's users at once; what was paid stays paid.

const count = (max: number) => z.coerce.number("field.invalid").int("field.invalid").min(0, "field.invalid").max(max, "field.invalid");

/** The document's License fields (price "20,00", storage and band in GB, maxVideoSize in MB, streamingAmount in hours). */
export const updatePlanInput = z.object({
  licenseName: z.string().max(100),
  price: zPriceCents("field.price").optional(),
  dayDuration: count(3650).optional(),
  storage: count(1_000_000).optional(),
  band: count(1_000_000).optional(),
  streamingAmount: count(1_000_000).optional(),
  maxVideoSize: count(10_000_000).optional(),
  maxUploadNumber: count(100_000_000).optional(),
});

// POST /api/admin/licenses/{licenseName} {price?, dayDuration?, storage?, band?, ...} (administrators)
export async function updatePlan(ctx: Ctx, input: z.output<typeof updatePlanInput>): Promise<LicenseView> {
  const staff = await requireStaff(ctx, "ADMINISTRATOR");
  const before = await loadLicenseByName(ctx.db, input.licenseName);
  const change = Object.fromEntries(
    Object.entries({
      priceCents: input.price,
      dayDuration: input.dayDuration,
      storageGb: input.storage,
      bandGb: input.band,
      streamingAmount: input.streamingAmount,
      maxVideoSizeMb: input.maxVideoSize,
      maxUploadNumber: input.maxUploadNumber,
    }).filter(([, v]) => v !== undefined),
  ) as Partial<
    Record<"priceCents" | "dayDuration" | "storageGb" | "bandGb" | "streamingAmount" | "maxVideoSizeMb" | "maxUploadNumber", number>
  >;
  // the Free plan is every new account's: free, and never expiring
  if (before.id === FREE_LICENSE_ID && ((change.priceCents ?? 0) !== 0 || (change.dayDuration ?? 0) !== 0))
    throw new DomainError("CONFLICT", "error.freePlanFixed");
  if (before.id !== FREE_LICENSE_ID && change.dayDuration === 0) throw new DomainError("CONFLICT", "error.paidPlanPeriod");
  return ctx.db.$transaction(async (tx) => {
    const after = await tx.license.update({ where: { id: before.id }, data: change, select: licenseSelect });
    const changed = Object.keys(change).filter((k) => change[k as keyof typeof change] !== before[k as keyof LicenseView]);
    await recordAudit(tx, {
      actor: staff,
      action: "plan.update",
      targetType: "license",
      targetId: before.name,
      before: Object.fromEntries(changed.map((k) => [k, before[k as keyof LicenseView]])),
      after: Object.fromEntries(changed.map((k) => [k, after[k as keyof LicenseView]])),
    });
    return after;
  });
}
