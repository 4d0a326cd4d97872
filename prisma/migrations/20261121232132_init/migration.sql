-- Hand-written: trigram search indexes need pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateEnum
CREATE TYPE "UserStatus" AS ENUM ('PENDING', 'ACTIVE', 'DISABLED');

-- CreateEnum
CREATE TYPE "PaymentKind" AS ENUM ('LICENSE', 'BUNDLE', 'VOD', 'MARKETPLACE', 'LIVE_EVENT');

-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('PENDING', 'SUCCEEDED', 'FAILED', 'CANCELED');

-- CreateEnum
CREATE TYPE "BoxSource" AS ENUM ('UPLOAD', 'MARKETPLACE');

-- CreateEnum
CREATE TYPE "BoxStatus" AS ENUM ('PROCESSING', 'READY', 'FAILED');

-- CreateEnum
CREATE TYPE "RenditionKind" AS ENUM ('REMUX', 'LADDER', 'PREVIEW');

-- CreateEnum
CREATE TYPE "VodLicenseType" AS ENUM ('FREE', 'PAY_PER_VIEW', 'CREATIVE_COMMONS', 'CONTENT_BUNDLE');

-- CreateEnum
CREATE TYPE "CcType" AS ENUM ('BY', 'BY_SA', 'BY_ND', 'BY_NC', 'BY_NC_SA', 'BY_NC_ND');

-- CreateEnum
CREATE TYPE "DurationUnit" AS ENUM ('DAYS', 'MONTHS', 'YEARS');

-- CreateEnum
CREATE TYPE "MarketLicenseType" AS ENUM ('FREE', 'CREATIVE_COMMONS', 'SPOT_PRICE', 'PAY_PER_VIEW', 'REVENUE_SHARING');

-- CreateEnum
CREATE TYPE "PaymentMode" AS ENUM ('FREE', 'PAY_PER_VIEW');

-- CreateEnum
CREATE TYPE "ProgramType" AS ENUM ('LIVE', 'PRERECORDED', 'BREAK');

-- CreateEnum
CREATE TYPE "JobStatus" AS ENUM ('QUEUED', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELED');

-- CreateTable
CREATE TABLE "License" (
    "id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "priceCents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'EUR',
    "dayDuration" INTEGER NOT NULL,
    "storageGb" INTEGER NOT NULL,
    "bandGb" INTEGER NOT NULL,
    "streamingAmount" INTEGER NOT NULL,
    "maxVideoSizeMb" INTEGER NOT NULL,
    "maxUploadNumber" INTEGER NOT NULL,
    "support" TEXT NOT NULL,

    CONSTRAINT "License_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" UUID NOT NULL,
    "userCode" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "status" "UserStatus" NOT NULL DEFAULT 'ACTIVE',
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "birthDate" DATE NOT NULL,
    "language" TEXT NOT NULL,
    "pageTitle" TEXT,
    "pageDescription" TEXT,
    "thumbnailId" UUID,
    "socialUrl1" TEXT,
    "socialContact" TEXT,
    "socialUrl2" TEXT,
    "paymentEmail" TEXT,
    "companyName" TEXT,
    "vatNumber" TEXT,
    "taxCode" TEXT,
    "billingStreet" TEXT,
    "billingZipCode" TEXT,
    "billingCity" TEXT,
    "billingCountry" TEXT,
    "billingState" TEXT,
    "transcoderNotifyEnabled" BOOLEAN NOT NULL DEFAULT true,
    "vodPublic" BOOLEAN NOT NULL DEFAULT true,
    "livePassword" TEXT,
    "activationTokenHash" TEXT,
    "activatedAt" TIMESTAMP(3),
    "tokensValidAfter" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastActivityAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "licenseId" INTEGER NOT NULL DEFAULT 1,
    "licenseActivatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "licenseExpiresAt" TIMESTAMP(3),
    "storageUsedBytes" BIGINT NOT NULL DEFAULT 0,
    "bandUsedBytes" BIGINT NOT NULL DEFAULT 0,
    "bandPeriodStart" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PasswordRenewToken" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PasswordRenewToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LicenseSubscription" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "licenseId" INTEGER NOT NULL,
    "periods" INTEGER NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "paymentId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LicenseSubscription_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Payment" (
    "id" UUID NOT NULL,
    "trackingId" TEXT NOT NULL,
    "userId" UUID NOT NULL,
    "kind" "PaymentKind" NOT NULL,
    "resourceId" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'EUR',
    "periods" INTEGER NOT NULL DEFAULT 1,
    "status" "PaymentStatus" NOT NULL DEFAULT 'PENDING',
    "providerRef" TEXT,
    "returnUrl" TEXT,
    "cancelUrl" TEXT,
    "embedded" BOOLEAN NOT NULL DEFAULT false,
    "mobile" BOOLEAN NOT NULL DEFAULT false,
    "fulfilledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Payment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Thumbnail" (
    "id" UUID NOT NULL,
    "ownerId" UUID NOT NULL,
    "storageKey" TEXT NOT NULL,
    "mimeType" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Thumbnail_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BoxItem" (
    "id" UUID NOT NULL,
    "ownerId" UUID NOT NULL,
    "contentId" TEXT NOT NULL,
    "resourceId" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "tags" TEXT[],
    "source" "BoxSource" NOT NULL DEFAULT 'UPLOAD',
    "status" "BoxStatus" NOT NULL DEFAULT 'PROCESSING',
    "failureReason" TEXT,
    "progress" INTEGER NOT NULL DEFAULT 0,
    "durationSeconds" DOUBLE PRECISION,
    "sizeBytes" BIGINT NOT NULL DEFAULT 0,
    "originalKey" TEXT,
    "originalFilename" TEXT,
    "mimeType" TEXT,
    "probe" JSONB,
    "thumbnailId" UUID,
    "expirationDate" DATE,
    "acquiredLicenseId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BoxItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Rendition" (
    "id" UUID NOT NULL,
    "boxItemId" UUID NOT NULL,
    "kind" "RenditionKind" NOT NULL,
    "height" INTEGER NOT NULL,
    "width" INTEGER NOT NULL,
    "bandwidth" INTEGER NOT NULL,
    "codecs" TEXT NOT NULL,
    "playlistKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Rendition_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UploadProgress" (
    "userId" UUID NOT NULL,
    "id" TEXT NOT NULL,
    "value" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UploadProgress_pkey" PRIMARY KEY ("userId","id")
);

-- CreateTable
CREATE TABLE "DownloadToken" (
    "id" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "boxItemId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DownloadToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VodItem" (
    "id" UUID NOT NULL,
    "boxItemId" UUID NOT NULL,
    "ownerId" UUID NOT NULL,
    "licenseType" "VodLicenseType" NOT NULL,
    "ccType" "CcType",
    "pricePerViewCents" INTEGER,
    "bundleId" UUID,
    "public" BOOLEAN NOT NULL DEFAULT true,
    "expirationDate" DATE,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VodItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Bundle" (
    "id" UUID NOT NULL,
    "ownerId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "priceCents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'EUR',
    "duration" INTEGER NOT NULL,
    "durationUnit" "DurationUnit" NOT NULL,
    "thumbnailId" UUID,
    "tags" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Bundle_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BundleItem" (
    "id" UUID NOT NULL,
    "bundleId" UUID NOT NULL,
    "boxItemId" UUID NOT NULL,
    "vodId" UUID,
    "position" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BundleItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BundleSubscription" (
    "id" UUID NOT NULL,
    "bundleId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "paymentId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BundleSubscription_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MarketplaceItem" (
    "id" UUID NOT NULL,
    "boxItemId" UUID NOT NULL,
    "ownerId" UUID NOT NULL,
    "licenseType" "MarketLicenseType" NOT NULL,
    "ccType" "CcType",
    "activationPriceCents" INTEGER,
    "pricePerViewCents" INTEGER,
    "earningPercentage" INTEGER,
    "duration" INTEGER,
    "durationUnit" "DurationUnit",
    "download" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MarketplaceItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AcquiredLicense" (
    "id" UUID NOT NULL,
    "marketplaceItemId" UUID,
    "acquirerId" UUID NOT NULL,
    "issuerId" UUID NOT NULL,
    "licenseType" "MarketLicenseType" NOT NULL,
    "ccType" "CcType",
    "activationPriceCents" INTEGER,
    "pricePerViewCents" INTEGER,
    "earningPercentage" INTEGER,
    "download" BOOLEAN NOT NULL,
    "expiresAt" TIMESTAMP(3),
    "paymentId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AcquiredLicense_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LiveChannel" (
    "id" UUID NOT NULL,
    "ownerId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "streamPath" TEXT NOT NULL,
    "public" BOOLEAN NOT NULL DEFAULT true,
    "thumbnailId" UUID,
    "tags" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LiveChannel_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LiveEvent" (
    "id" UUID NOT NULL,
    "channelId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "paymentMode" "PaymentMode" NOT NULL,
    "pricePerViewCents" INTEGER,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "endsAt" TIMESTAMP(3) NOT NULL,
    "publicEvent" BOOLEAN NOT NULL DEFAULT true,
    "recordEvent" BOOLEAN NOT NULL DEFAULT false,
    "thumbnailId" UUID,
    "tags" TEXT[],
    "recordingBoxItemId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LiveEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CastChannel" (
    "id" UUID NOT NULL,
    "ownerId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "streamPath" TEXT NOT NULL,
    "locked" BOOLEAN NOT NULL DEFAULT false,
    "thumbnailId" UUID,
    "tags" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CastChannel_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CastStream" (
    "id" UUID NOT NULL,
    "ownerId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "streamPath" TEXT NOT NULL,
    "thumbnailId" UUID,
    "tags" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CastStream_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CastProgram" (
    "id" UUID NOT NULL,
    "channelId" UUID NOT NULL,
    "itemType" "ProgramType" NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "thumbnailId" UUID,
    "tags" TEXT[],
    "startsAt" TIMESTAMP(3) NOT NULL,
    "endsAt" TIMESTAMP(3) NOT NULL,
    "boxItemId" UUID,
    "streamId" UUID,
    "offsetSeconds" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CastProgram_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OAuthClient" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "secretHash" TEXT,
    "grants" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OAuthClient_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RefreshToken" (
    "id" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "familyId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "clientId" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "rotatedAt" TIMESTAMP(3),
    "successorId" UUID,
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RefreshToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RateLimit" (
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RateLimit_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "Job" (
    "id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" "JobStatus" NOT NULL DEFAULT 'QUEUED',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL DEFAULT 3,
    "runAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedAt" TIMESTAMP(3),
    "lockedBy" TEXT,
    "lastError" TEXT,
    "boxItemId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Job_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "License_name_key" ON "License"("name");

-- CreateIndex
CREATE UNIQUE INDEX "User_userCode_key" ON "User"("userCode");

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "User_activationTokenHash_key" ON "User"("activationTokenHash");

-- CreateIndex
CREATE INDEX "User_lastActivityAt_idx" ON "User"("lastActivityAt");

-- CreateIndex
CREATE UNIQUE INDEX "PasswordRenewToken_tokenHash_key" ON "PasswordRenewToken"("tokenHash");

-- CreateIndex
CREATE INDEX "PasswordRenewToken_userId_idx" ON "PasswordRenewToken"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "LicenseSubscription_paymentId_key" ON "LicenseSubscription"("paymentId");

-- CreateIndex
CREATE INDEX "LicenseSubscription_userId_expiresAt_idx" ON "LicenseSubscription"("userId", "expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_trackingId_key" ON "Payment"("trackingId");

-- CreateIndex
CREATE INDEX "Payment_userId_kind_resourceId_status_idx" ON "Payment"("userId", "kind", "resourceId", "status");

-- CreateIndex
CREATE INDEX "Thumbnail_ownerId_idx" ON "Thumbnail"("ownerId");

-- CreateIndex
CREATE UNIQUE INDEX "BoxItem_contentId_key" ON "BoxItem"("contentId");

-- CreateIndex
CREATE UNIQUE INDEX "BoxItem_resourceId_key" ON "BoxItem"("resourceId");

-- CreateIndex
CREATE UNIQUE INDEX "BoxItem_acquiredLicenseId_key" ON "BoxItem"("acquiredLicenseId");

-- CreateIndex
CREATE INDEX "BoxItem_ownerId_createdAt_idx" ON "BoxItem"("ownerId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Rendition_boxItemId_kind_height_key" ON "Rendition"("boxItemId", "kind", "height");

-- CreateIndex
CREATE UNIQUE INDEX "DownloadToken_tokenHash_key" ON "DownloadToken"("tokenHash");

-- CreateIndex
CREATE INDEX "VodItem_ownerId_createdAt_idx" ON "VodItem"("ownerId", "createdAt");

-- CreateIndex
CREATE INDEX "VodItem_boxItemId_idx" ON "VodItem"("boxItemId");

-- CreateIndex
CREATE INDEX "Bundle_ownerId_createdAt_idx" ON "Bundle"("ownerId", "createdAt");

-- CreateIndex
CREATE INDEX "BundleItem_bundleId_position_idx" ON "BundleItem"("bundleId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "BundleSubscription_paymentId_key" ON "BundleSubscription"("paymentId");

-- CreateIndex
CREATE INDEX "BundleSubscription_userId_expiresAt_idx" ON "BundleSubscription"("userId", "expiresAt");

-- CreateIndex
CREATE INDEX "BundleSubscription_bundleId_idx" ON "BundleSubscription"("bundleId");

-- CreateIndex
CREATE INDEX "MarketplaceItem_ownerId_createdAt_idx" ON "MarketplaceItem"("ownerId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "AcquiredLicense_paymentId_key" ON "AcquiredLicense"("paymentId");

-- CreateIndex
CREATE INDEX "AcquiredLicense_acquirerId_idx" ON "AcquiredLicense"("acquirerId");

-- CreateIndex
CREATE UNIQUE INDEX "LiveChannel_streamPath_key" ON "LiveChannel"("streamPath");

-- CreateIndex
CREATE INDEX "LiveChannel_ownerId_idx" ON "LiveChannel"("ownerId");

-- CreateIndex
CREATE INDEX "LiveEvent_channelId_startsAt_idx" ON "LiveEvent"("channelId", "startsAt");

-- CreateIndex
CREATE UNIQUE INDEX "CastChannel_streamPath_key" ON "CastChannel"("streamPath");

-- CreateIndex
CREATE INDEX "CastChannel_ownerId_idx" ON "CastChannel"("ownerId");

-- CreateIndex
CREATE UNIQUE INDEX "CastStream_streamPath_key" ON "CastStream"("streamPath");

-- CreateIndex
CREATE INDEX "CastStream_ownerId_idx" ON "CastStream"("ownerId");

-- CreateIndex
CREATE INDEX "CastProgram_channelId_startsAt_idx" ON "CastProgram"("channelId", "startsAt");

-- CreateIndex
CREATE UNIQUE INDEX "RefreshToken_tokenHash_key" ON "RefreshToken"("tokenHash");

-- CreateIndex
CREATE INDEX "RefreshToken_familyId_idx" ON "RefreshToken"("familyId");

-- CreateIndex
CREATE INDEX "RefreshToken_userId_idx" ON "RefreshToken"("userId");

-- CreateIndex
CREATE INDEX "Job_status_runAt_idx" ON "Job"("status", "runAt");

-- CreateIndex
CREATE INDEX "Job_boxItemId_idx" ON "Job"("boxItemId");

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_licenseId_fkey" FOREIGN KEY ("licenseId") REFERENCES "License"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PasswordRenewToken" ADD CONSTRAINT "PasswordRenewToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LicenseSubscription" ADD CONSTRAINT "LicenseSubscription_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LicenseSubscription" ADD CONSTRAINT "LicenseSubscription_licenseId_fkey" FOREIGN KEY ("licenseId") REFERENCES "License"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LicenseSubscription" ADD CONSTRAINT "LicenseSubscription_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Thumbnail" ADD CONSTRAINT "Thumbnail_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BoxItem" ADD CONSTRAINT "BoxItem_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BoxItem" ADD CONSTRAINT "BoxItem_acquiredLicenseId_fkey" FOREIGN KEY ("acquiredLicenseId") REFERENCES "AcquiredLicense"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Rendition" ADD CONSTRAINT "Rendition_boxItemId_fkey" FOREIGN KEY ("boxItemId") REFERENCES "BoxItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UploadProgress" ADD CONSTRAINT "UploadProgress_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DownloadToken" ADD CONSTRAINT "DownloadToken_boxItemId_fkey" FOREIGN KEY ("boxItemId") REFERENCES "BoxItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DownloadToken" ADD CONSTRAINT "DownloadToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VodItem" ADD CONSTRAINT "VodItem_boxItemId_fkey" FOREIGN KEY ("boxItemId") REFERENCES "BoxItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VodItem" ADD CONSTRAINT "VodItem_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VodItem" ADD CONSTRAINT "VodItem_bundleId_fkey" FOREIGN KEY ("bundleId") REFERENCES "Bundle"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Bundle" ADD CONSTRAINT "Bundle_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BundleItem" ADD CONSTRAINT "BundleItem_bundleId_fkey" FOREIGN KEY ("bundleId") REFERENCES "Bundle"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BundleItem" ADD CONSTRAINT "BundleItem_boxItemId_fkey" FOREIGN KEY ("boxItemId") REFERENCES "BoxItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BundleItem" ADD CONSTRAINT "BundleItem_vodId_fkey" FOREIGN KEY ("vodId") REFERENCES "VodItem"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BundleSubscription" ADD CONSTRAINT "BundleSubscription_bundleId_fkey" FOREIGN KEY ("bundleId") REFERENCES "Bundle"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BundleSubscription" ADD CONSTRAINT "BundleSubscription_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BundleSubscription" ADD CONSTRAINT "BundleSubscription_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MarketplaceItem" ADD CONSTRAINT "MarketplaceItem_boxItemId_fkey" FOREIGN KEY ("boxItemId") REFERENCES "BoxItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MarketplaceItem" ADD CONSTRAINT "MarketplaceItem_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AcquiredLicense" ADD CONSTRAINT "AcquiredLicense_marketplaceItemId_fkey" FOREIGN KEY ("marketplaceItemId") REFERENCES "MarketplaceItem"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AcquiredLicense" ADD CONSTRAINT "AcquiredLicense_acquirerId_fkey" FOREIGN KEY ("acquirerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AcquiredLicense" ADD CONSTRAINT "AcquiredLicense_issuerId_fkey" FOREIGN KEY ("issuerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AcquiredLicense" ADD CONSTRAINT "AcquiredLicense_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LiveChannel" ADD CONSTRAINT "LiveChannel_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LiveEvent" ADD CONSTRAINT "LiveEvent_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "LiveChannel"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CastChannel" ADD CONSTRAINT "CastChannel_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CastStream" ADD CONSTRAINT "CastStream_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CastProgram" ADD CONSTRAINT "CastProgram_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "CastChannel"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CastProgram" ADD CONSTRAINT "CastProgram_boxItemId_fkey" FOREIGN KEY ("boxItemId") REFERENCES "BoxItem"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CastProgram" ADD CONSTRAINT "CastProgram_streamId_fkey" FOREIGN KEY ("streamId") REFERENCES "CastStream"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RefreshToken" ADD CONSTRAINT "RefreshToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RefreshToken" ADD CONSTRAINT "RefreshToken_clientId_fkey" FOREIGN KEY ("clientId") REFERENCES "OAuthClient"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Job" ADD CONSTRAINT "Job_boxItemId_fkey" FOREIGN KEY ("boxItemId") REFERENCES "BoxItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;
