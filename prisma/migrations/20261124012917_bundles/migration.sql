/*
  Warnings:

  - A unique constraint covering the columns `[vodId]` on the table `BundleItem` will be added. If there are existing duplicate values, this will fail.
  - A unique constraint covering the columns `[bundleId,boxItemId]` on the table `BundleItem` will be added. If there are existing duplicate values, this will fail.
  - Made the column `vodId` on table `BundleItem` required. This step will fail if there are existing NULL values in that column.

*/
-- DropForeignKey
ALTER TABLE "BundleItem" DROP CONSTRAINT "BundleItem_vodId_fkey";

-- DropForeignKey
ALTER TABLE "VodItem" DROP CONSTRAINT "VodItem_bundleId_fkey";

-- AlterTable
ALTER TABLE "BundleItem" ALTER COLUMN "vodId" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "BundleItem_vodId_key" ON "BundleItem"("vodId");

-- CreateIndex
CREATE UNIQUE INDEX "BundleItem_bundleId_boxItemId_key" ON "BundleItem"("bundleId", "boxItemId");

-- CreateIndex
CREATE INDEX "BundleSubscription_userId_bundleId_expiresAt_idx" ON "BundleSubscription"("userId", "bundleId", "expiresAt");

-- CreateIndex
CREATE INDEX "VodItem_bundleId_idx" ON "VodItem"("bundleId");

-- AddForeignKey
ALTER TABLE "VodItem" ADD CONSTRAINT "VodItem_bundleId_fkey" FOREIGN KEY ("bundleId") REFERENCES "Bundle"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BundleItem" ADD CONSTRAINT "BundleItem_vodId_fkey" FOREIGN KEY ("vodId") REFERENCES "VodItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;
