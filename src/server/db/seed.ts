import type { Prisma, PrismaClient } from "@/generated/prisma/client";

/** Reference data every instance needs, handed over by whoever opens the database (the domain owns it). */
export interface ReferenceData {
  licenses: readonly (Prisma.LicenseCreateInput & { id: number })[];
}

/**
 * Writes what is missing of `data` and the public OAuth client `www`. Idempotent. A license row that
 * exists is left as it is: administrators edit the plans (domain/admin/plans.ts), and a restart must
 * not undo that.
 */
export async function seedReferenceData(prisma: PrismaClient, data: ReferenceData): Promise<void> {
  for (const license of data.licenses) {
    await prisma.license.upsert({ where: { id: license.id }, create: license, update: {} });
  }
  await prisma.oAuthClient.upsert({
    where: { id: "www" },
    create: { id: "www", name: "Public web client", secretHash: null, grants: ["client_credentials", "password", "refresh_token"] },
    update: {},
  });
}
