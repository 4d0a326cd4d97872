-- CreateTable
CREATE TABLE "AnalyticsSession" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "viewerHash" TEXT NOT NULL,
    "ownerPlay" BOOLEAN NOT NULL,
    "source" TEXT NOT NULL,
    "embedHost" TEXT,
    "country" TEXT,
    "durationSeconds" DOUBLE PRECISION NOT NULL,
    "issuedAt" TIMESTAMP(3) NOT NULL,
    "lastBeaconAt" TIMESTAMP(3) NOT NULL,
    "creditedAt" TIMESTAMP(3) NOT NULL,
    "watchedSeconds" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "position" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "buckets" INTEGER NOT NULL DEFAULT 0,
    "viewAt" TIMESTAMP(3),
    "viewCounted" BOOLEAN NOT NULL DEFAULT false,
    "startupMs" INTEGER,
    "errored" BOOLEAN NOT NULL DEFAULT false,
    "endedAt" TIMESTAMP(3),

    CONSTRAINT "AnalyticsSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AnalyticsEvent" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sessionId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "ownerPlay" BOOLEAN NOT NULL,
    "viewerHash" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "embedHost" TEXT,
    "country" TEXT,
    "type" TEXT NOT NULL,
    "position" DOUBLE PRECISION,
    "value" DOUBLE PRECISION,
    "watched" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "buckets" INTEGER NOT NULL DEFAULT 0,
    "firsts" INTEGER NOT NULL DEFAULT 0,
    "detail" TEXT,

    CONSTRAINT "AnalyticsEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AnalyticsDaily" (
    "itemId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "kind" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "ownerViews" INTEGER NOT NULL DEFAULT 0,
    "uniqueViewers" INTEGER NOT NULL DEFAULT 0,
    "watchSeconds" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "ownerWatchSeconds" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "sessions" INTEGER NOT NULL DEFAULT 0,
    "errorSessions" INTEGER NOT NULL DEFAULT 0,
    "rebufferSeconds" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "startups" INTEGER[],
    "retention" INTEGER[],
    "sources" JSONB NOT NULL DEFAULT '{}',
    "embedHosts" JSONB NOT NULL DEFAULT '{}',
    "countries" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "AnalyticsDaily_pkey" PRIMARY KEY ("itemId","day")
);

-- CreateTable
CREATE TABLE "AnalyticsOwnerDaily" (
    "ownerId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "ownerViews" INTEGER NOT NULL DEFAULT 0,
    "uniqueViewers" INTEGER NOT NULL DEFAULT 0,
    "watchSeconds" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "ownerWatchSeconds" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "sessions" INTEGER NOT NULL DEFAULT 0,
    "errorSessions" INTEGER NOT NULL DEFAULT 0,
    "rebufferSeconds" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "startups" INTEGER[],

    CONSTRAINT "AnalyticsOwnerDaily_pkey" PRIMARY KEY ("ownerId","day")
);

-- CreateTable
CREATE TABLE "AnalyticsLiveSample" (
    "itemId" TEXT NOT NULL,
    "minute" TIMESTAMP(3) NOT NULL,
    "viewers" INTEGER NOT NULL,

    CONSTRAINT "AnalyticsLiveSample_pkey" PRIMARY KEY ("itemId","minute")
);

-- CreateTable
CREATE TABLE "AnalyticsRollupState" (
    "id" INTEGER NOT NULL,
    "lastEventId" BIGINT NOT NULL,

    CONSTRAINT "AnalyticsRollupState_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VodViews" (
    "vodId" UUID NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "VodViews_pkey" PRIMARY KEY ("vodId")
);

-- CreateIndex
CREATE INDEX "AnalyticsSession_itemId_viewerHash_viewAt_idx" ON "AnalyticsSession"("itemId", "viewerHash", "viewAt");

-- CreateIndex
CREATE INDEX "AnalyticsSession_ownerId_viewerHash_viewAt_idx" ON "AnalyticsSession"("ownerId", "viewerHash", "viewAt");

-- CreateIndex
CREATE INDEX "AnalyticsSession_itemId_lastBeaconAt_idx" ON "AnalyticsSession"("itemId", "lastBeaconAt");

-- CreateIndex
CREATE INDEX "AnalyticsSession_issuedAt_idx" ON "AnalyticsSession"("issuedAt");

-- CreateIndex
CREATE INDEX "AnalyticsEvent_at_idx" ON "AnalyticsEvent"("at");

-- CreateIndex
CREATE INDEX "AnalyticsEvent_itemId_id_idx" ON "AnalyticsEvent"("itemId", "id");

-- CreateIndex
CREATE INDEX "AnalyticsEvent_ownerId_id_idx" ON "AnalyticsEvent"("ownerId", "id");

-- CreateIndex
CREATE INDEX "AnalyticsDaily_ownerId_day_idx" ON "AnalyticsDaily"("ownerId", "day");

-- AddForeignKey
ALTER TABLE "VodViews" ADD CONSTRAINT "VodViews_vodId_fkey" FOREIGN KEY ("vodId") REFERENCES "VodItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;
