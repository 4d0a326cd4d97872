-- AlterEnum
ALTER TYPE "UserStatus" ADD VALUE 'AWAITING_APPROVAL';

-- AlterTable
ALTER TABLE "Bundle" ADD COLUMN     "takedownId" UUID;

-- AlterTable
ALTER TABLE "OAuthClient" ADD COLUMN     "revokedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "CastChannel" ADD COLUMN     "takedownId" UUID;

-- AlterTable
ALTER TABLE "LiveChannel" ADD COLUMN     "takedownId" UUID;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "takedownId" UUID;

-- AlterTable
ALTER TABLE "VodItem" ADD COLUMN     "takedownId" UUID;

-- CreateTable
CREATE TABLE "Takedown" (
    "id" UUID NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "targetLabel" TEXT NOT NULL,
    "ownerId" UUID,
    "reason" TEXT NOT NULL,
    "rule" TEXT,
    "reportId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdById" UUID,
    "createdByCode" TEXT NOT NULL,
    "restoredAt" TIMESTAMP(3),
    "restoredByCode" TEXT,
    "restoreReason" TEXT,
    "appealText" TEXT,
    "appealedAt" TIMESTAMP(3),
    "appealDecidedAt" TIMESTAMP(3),
    "appealDecidedByCode" TEXT,
    "appealOutcome" TEXT,
    "appealResponse" TEXT,

    CONSTRAINT "Takedown_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Report" (
    "id" UUID NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "details" TEXT,
    "email" TEXT,
    "reporterId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closedAt" TIMESTAMP(3),
    "outcome" TEXT,
    "closedByCode" TEXT,
    "takedownId" UUID,

    CONSTRAINT "Report_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InstanceSetting" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "InstanceSetting_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "Invitation" (
    "id" UUID NOT NULL,
    "codeHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdByCode" TEXT NOT NULL,
    "usedAt" TIMESTAMP(3),
    "usedById" UUID,

    CONSTRAINT "Invitation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Takedown_ownerId_createdAt_idx" ON "Takedown"("ownerId", "createdAt");

-- CreateIndex
CREATE INDEX "Takedown_createdAt_idx" ON "Takedown"("createdAt");

-- CreateIndex
CREATE INDEX "Takedown_appealedAt_idx" ON "Takedown"("appealedAt");

-- CreateIndex
CREATE INDEX "Report_closedAt_createdAt_idx" ON "Report"("closedAt", "createdAt");

-- CreateIndex
CREATE INDEX "Report_targetType_targetId_idx" ON "Report"("targetType", "targetId");

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_codeHash_key" ON "Invitation"("codeHash");

-- One takedown in force per target: a second one for the same target is refused (409).
CREATE UNIQUE INDEX "Takedown_in_force_key" ON "Takedown"("targetType", "targetId") WHERE "restoredAt" IS NULL;

-- A vod under a takedown, or in a bundle under one, is not listed (searches and listings leave it
-- out): visibility rule 1 gains "no takedown in force". Setting or clearing VodItem."takedownId" is an
-- UPDATE of the row, which runs this BEFORE trigger and then kinora_vod_sync_terms (its words leave the
-- index, or come back); a bundle's takedown rewrites its vods through Bundle_vod_takedown below.
CREATE OR REPLACE FUNCTION kinora_vod_fill() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  b record;
  u record;
BEGIN
  SELECT "title", "description", "tags" INTO b FROM "BoxItem" WHERE "id" = NEW."boxItemId";
  SELECT "userCode", "firstName", "lastName", "pageTitle", "pageDescription", "vodPublic", "status"
    INTO u FROM "User" WHERE "id" = NEW."ownerId";
  NEW."searchVector" := kinora_vod_vector(b."title", b."tags", b."description",
    concat_ws(' ', u."userCode", u."firstName", u."lastName", u."pageTitle", u."pageDescription"));
  -- the bundle's words as the bundle search weighs them (name A, tags B, description C)
  NEW."bundleVector" := NULL;
  IF NEW."licenseType" = 'CONTENT_BUNDLE' AND NEW."bundleId" IS NOT NULL THEN
    SELECT kinora_vod_vector(bu."name", bu."tags", bu."description", NULL) INTO NEW."bundleVector"
      FROM "Bundle" bu WHERE bu."id" = NEW."bundleId";
  END IF;
  NEW."listed" := coalesce(NEW."public" AND u."vodPublic" AND u."status" = 'ACTIVE' AND NEW."takedownId" IS NULL
    AND NOT EXISTS (SELECT 1 FROM "Bundle" bt WHERE bt."id" = NEW."bundleId" AND bt."takedownId" IS NOT NULL), false);
  RETURN NEW;
END;
$$;

CREATE TRIGGER "Bundle_vod_takedown" AFTER UPDATE OF "takedownId" ON "Bundle"
  FOR EACH ROW WHEN (OLD."takedownId" IS DISTINCT FROM NEW."takedownId")
  EXECUTE FUNCTION kinora_vod_refresh_of_bundle();
