-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "guestEmail" TEXT,
ADD COLUMN     "guestLanguage" TEXT;

-- CreateTable
CREATE TABLE "PurchaseRestoreLink" (
    "id" UUID NOT NULL,
    "paymentId" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "PurchaseRestoreLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PurchaseRestoreLink_tokenHash_key" ON "PurchaseRestoreLink"("tokenHash");

-- CreateIndex
CREATE INDEX "PurchaseRestoreLink_paymentId_idx" ON "PurchaseRestoreLink"("paymentId");

-- AddForeignKey
ALTER TABLE "PurchaseRestoreLink" ADD CONSTRAINT "PurchaseRestoreLink_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
