-- AlterTable
ALTER TABLE "ClusterNode" ADD COLUMN     "mediaUrl" TEXT;

-- AlterTable
ALTER TABLE "LiveSession" ADD COLUMN     "nodeId" UUID,
ADD COLUMN     "recordKey" TEXT;

-- CreateTable
CREATE TABLE "CastPublish" (
    "streamId" UUID NOT NULL,
    "nodeId" UUID NOT NULL,
    "clientId" TEXT,
    "since" TIMESTAMP(3),

    CONSTRAINT "CastPublish_pkey" PRIMARY KEY ("streamId")
);
