-- AlterTable
ALTER TABLE "UploadProgress" ADD COLUMN     "failed" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "writerId" UUID;

-- CreateTable
CREATE TABLE "ProcessLease" (
    "id" UUID NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProcessLease_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ProcessLease_expiresAt_idx" ON "ProcessLease"("expiresAt");
