import type { Prisma, PrismaClient } from "@/generated/prisma/client";

/** Reference data every instance needs, handed over by whoever opens the database (the domain owns it). */
export interface ReferenceData {
  licenses: readonly (Prisma.LicenseCreateInput & { id: number })[];
}

/** Writes `data` and the public OAuth client `www`. Idempotent. */
export async function seedReferenceData(prisma: PrismaClient, data: ReferenceData): Promise<void> {
  for (const license of data.licenses) {
    await prisma.license.upsert({ where: { id: license.id }, create: license, update: license });
  }
  await prisma.oAuthClient.upsert({
    where: { id: "www" },
    create: { id: "www", name: "Public web client", secretHash: null, grants: ["client_credentials", "password", "refresh_token"] },
    update: {},
  });
}
