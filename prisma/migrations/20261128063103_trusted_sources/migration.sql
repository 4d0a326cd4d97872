-- CreateEnum
CREATE TYPE "TrustedSourceKind" AS ENUM ('LOGIN_ADDRESS', 'LIVE_ADDRESS', 'DEVICE');

-- CreateTable
CREATE TABLE "TrustedSource" (
    "userId" UUID NOT NULL,
    "kind" "TrustedSourceKind" NOT NULL,
    "keyHash" TEXT NOT NULL,
    "lastUsedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TrustedSource_pkey" PRIMARY KEY ("userId","kind","keyHash")
);

-- AddForeignKey
ALTER TABLE "TrustedSource" ADD CONSTRAINT "TrustedSource_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
