-- The live password becomes a hash (argon2id, as login passwords). The column is renamed, not
-- dropped: a value set before this migration is still plain text, which the publish check accepts
-- once and replaces with its hash (src/server/live/live-password.ts).
ALTER TABLE "User" RENAME COLUMN "livePassword" TO "livePasswordHash";

-- CreateTable
CREATE TABLE "LiveSession" (
    "id" UUID NOT NULL,
    "channelId" UUID NOT NULL,
    "ownerId" UUID NOT NULL,
    "streamPath" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "openChannelId" UUID,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endedAt" TIMESTAMP(3),
    "recordPath" TEXT,
    "recordConsumedAt" TIMESTAMP(3),

    CONSTRAINT "LiveSession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "LiveSession_openChannelId_key" ON "LiveSession"("openChannelId");

-- CreateIndex
CREATE INDEX "LiveSession_channelId_startedAt_idx" ON "LiveSession"("channelId", "startedAt");

-- CreateIndex
CREATE INDEX "LiveSession_streamPath_startedAt_idx" ON "LiveSession"("streamPath", "startedAt");
