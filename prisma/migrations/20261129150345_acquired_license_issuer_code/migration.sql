-- Deleting an account (domain/admin/delete-user.ts) keeps the licenses others acquired of its
-- contents: the seller becomes null (SET NULL instead of CASCADE) and the seller's userCode is kept
-- on the license, copied from the account (existing rows) or at the grant (grant-license.ts).

-- DropForeignKey
ALTER TABLE "AcquiredLicense" DROP CONSTRAINT "AcquiredLicense_issuerId_fkey";

-- AlterTable
ALTER TABLE "AcquiredLicense" ADD COLUMN     "issuerCode" TEXT,
ALTER COLUMN "issuerId" DROP NOT NULL;

UPDATE "AcquiredLicense" l SET "issuerCode" = u."userCode" FROM "User" u WHERE u."id" = l."issuerId";

ALTER TABLE "AcquiredLicense" ALTER COLUMN "issuerCode" SET NOT NULL;

-- AddForeignKey
ALTER TABLE "AcquiredLicense" ADD CONSTRAINT "AcquiredLicense_issuerId_fkey" FOREIGN KEY ("issuerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
