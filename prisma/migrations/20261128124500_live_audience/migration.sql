-- AlterTable
ALTER TABLE "LiveSession" ADD COLUMN     "peakViewers" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "LiveAudience" (
    "scope" TEXT NOT NULL,
    "viewerKey" TEXT NOT NULL,
    "addressKey" TEXT NOT NULL,
    "seenAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LiveAudience_pkey" PRIMARY KEY ("scope","viewerKey")
);

-- CreateIndex
CREATE INDEX "LiveAudience_scope_seenAt_idx" ON "LiveAudience"("scope", "seenAt");
