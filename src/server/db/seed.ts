import type { PrismaClient } from "@/generated/prisma/client";
import { LICENSE_CATALOGUE } from "@/server/domain/licenses/catalogue";

/** Reference data every instance needs: the license catalogue and the public OAuth client `www`. Idempotent. */
export async function seedReferenceData(prisma: PrismaClient): Promise<void> {
  for (const license of LICENSE_CATALOGUE) {
    await prisma.license.upsert({ where: { id: license.id }, create: license, update: license });
  }
  await prisma.oAuthClient.upsert({
    where: { id: "www" },
    create: { id: "www", name: "Public web client", secretHash: null, grants: ["client_credentials", "password", "refresh_token"] },
    update: {},
  });
}
