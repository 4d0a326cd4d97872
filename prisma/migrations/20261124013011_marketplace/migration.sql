/*
  Warnings:

  - A unique constraint covering the columns `[marketplaceItemId,acquirerId]` on the table `AcquiredLicense` will be added. If there are existing duplicate values, this will fail.

*/
-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "LedgerEntryType" ADD VALUE 'SHARE';
ALTER TYPE "LedgerEntryType" ADD VALUE 'SHARE_REFUND';

-- AlterTable
ALTER TABLE "AcquiredLicense" ADD COLUMN     "duration" INTEGER,
ADD COLUMN     "durationUnit" "DurationUnit";

-- AlterTable
ALTER TABLE "BoxItem" ADD COLUMN     "mediaId" UUID;

-- AlterTable
ALTER TABLE "MarketplaceItem" ADD COLUMN     "listed" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "searchVector" tsvector;

-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "shareCents" INTEGER,
ADD COLUMN     "sharePercent" INTEGER,
ADD COLUMN     "shareSellerId" UUID;

-- CreateTable
CREATE TABLE "StoredMedia" (
    "id" UUID NOT NULL,
    "ownerId" UUID NOT NULL,
    "refCount" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StoredMedia_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AcquiredLicense_issuerId_idx" ON "AcquiredLicense"("issuerId");

-- CreateIndex
CREATE UNIQUE INDEX "AcquiredLicense_marketplaceItemId_acquirerId_key" ON "AcquiredLicense"("marketplaceItemId", "acquirerId");

-- CreateIndex
CREATE INDEX "BoxItem_mediaId_idx" ON "BoxItem"("mediaId");

-- AddForeignKey
ALTER TABLE "BoxItem" ADD CONSTRAINT "BoxItem_mediaId_fkey" FOREIGN KEY ("mediaId") REFERENCES "StoredMedia"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Written by hand below: Prisma sees neither functions, triggers nor partial indexes.

-- ---------- shared media (StoredMedia) ----------
-- Every box item shows the files of one StoredMedia: an upload its own (created here when the
-- insert names none), an acquired content its seller's upload's. refCount counts the box items that
-- show them, on every insert and delete whatever deletes (the box delete, an account's cascade),
-- so a delete by either side never removes files the other still shows.

INSERT INTO "StoredMedia" ("id", "ownerId", "refCount") SELECT "id", "ownerId", 1 FROM "BoxItem";
UPDATE "BoxItem" SET "mediaId" = "id";

CREATE OR REPLACE FUNCTION kinora_media_ref() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."mediaId" IS NULL THEN
    INSERT INTO "StoredMedia" ("id", "ownerId", "refCount") VALUES (NEW."id", NEW."ownerId", 1);
    NEW."mediaId" := NEW."id";
  ELSE
    -- files whose last box item is gone are being removed: nothing may show them again
    UPDATE "StoredMedia" SET "refCount" = "refCount" + 1 WHERE "id" = NEW."mediaId" AND "refCount" > 0;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'stored media % is gone', NEW."mediaId" USING ERRCODE = 'foreign_key_violation';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "BoxItem_media_ref" BEFORE INSERT ON "BoxItem"
  FOR EACH ROW EXECUTE FUNCTION kinora_media_ref();

CREATE OR REPLACE FUNCTION kinora_media_unref() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "StoredMedia" SET "refCount" = "refCount" - 1 WHERE "id" = OLD."mediaId";
  RETURN NULL;
END;
$$;

CREATE TRIGGER "BoxItem_media_unref" AFTER DELETE ON "BoxItem"
  FOR EACH ROW EXECUTE FUNCTION kinora_media_unref();

-- ---------- marketplace search (src/server/domain/marketplace/market-search.ts) ----------
-- MarketplaceItem."searchVector": the words of the listing's box item (title A, tags B,
-- description C) and of its seller (D), as vods have them (kinora_vod_vector); "listed": the
-- seller is ACTIVE. Rewritten on every write of a listing, and when its box item's text or its
-- seller's fields change.

CREATE OR REPLACE FUNCTION kinora_market_fill() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  b record;
  u record;
BEGIN
  SELECT "title", "description", "tags" INTO b FROM "BoxItem" WHERE "id" = NEW."boxItemId";
  SELECT "userCode", "firstName", "lastName", "pageTitle", "pageDescription", "status"
    INTO u FROM "User" WHERE "id" = NEW."ownerId";
  NEW."searchVector" := kinora_vod_vector(b."title", b."tags", b."description",
    concat_ws(' ', u."userCode", u."firstName", u."lastName", u."pageTitle", u."pageDescription"));
  NEW."listed" := coalesce(u."status" = 'ACTIVE', false);
  RETURN NEW;
END;
$$;

CREATE TRIGGER "MarketplaceItem_fill" BEFORE INSERT OR UPDATE ON "MarketplaceItem"
  FOR EACH ROW EXECUTE FUNCTION kinora_market_fill();

CREATE OR REPLACE FUNCTION kinora_market_refresh_of_box_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "MarketplaceItem" SET "listed" = "listed" WHERE "boxItemId" = NEW."id";
  RETURN NULL;
END;
$$;

CREATE TRIGGER "BoxItem_market_refresh" AFTER UPDATE OF "title", "description", "tags" ON "BoxItem"
  FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."description" IS DISTINCT FROM NEW."description"
    OR OLD."tags" IS DISTINCT FROM NEW."tags")
  EXECUTE FUNCTION kinora_market_refresh_of_box_item();

CREATE OR REPLACE FUNCTION kinora_market_refresh_of_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "MarketplaceItem" SET "listed" = "listed" WHERE "ownerId" = NEW."id";
  RETURN NULL;
END;
$$;

CREATE TRIGGER "User_market_refresh"
  AFTER UPDATE OF "userCode", "firstName", "lastName", "pageTitle", "pageDescription", "status" ON "User"
  FOR EACH ROW WHEN (OLD."userCode" IS DISTINCT FROM NEW."userCode" OR OLD."firstName" IS DISTINCT FROM NEW."firstName"
    OR OLD."lastName" IS DISTINCT FROM NEW."lastName" OR OLD."pageTitle" IS DISTINCT FROM NEW."pageTitle"
    OR OLD."pageDescription" IS DISTINCT FROM NEW."pageDescription" OR OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION kinora_market_refresh_of_owner();

CREATE INDEX "MarketplaceItem_search_idx" ON "MarketplaceItem" USING gin ("searchVector") WHERE "listed";
CREATE INDEX "MarketplaceItem_listed_recent_idx" ON "MarketplaceItem" ("createdAt" DESC, "id" DESC)
  INCLUDE ("licenseType", "ccType", "download", "ownerId") WHERE "listed";

-- ---------- acquired licenses with a duration ----------
-- A vod of an acquired content is listed and playable no later than the last whole day before its
-- license ends (vod expirationDate is a UTC day): written on every write of such a vod, and again
-- when the license's end moves (the clock is set by data in tests, by a renewal in use).

CREATE OR REPLACE FUNCTION kinora_vod_license_expiry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ends timestamp;
  last_day date;
BEGIN
  SELECT l."expiresAt" INTO ends FROM "BoxItem" b JOIN "AcquiredLicense" l ON l."id" = b."acquiredLicenseId"
    WHERE b."id" = NEW."boxItemId";
  IF ends IS NOT NULL THEN
    last_day := (ends - interval '1 day')::date;
    NEW."expirationDate" := LEAST(coalesce(NEW."expirationDate", last_day), last_day);
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "VodItem_license_expiry" BEFORE INSERT OR UPDATE ON "VodItem"
  FOR EACH ROW EXECUTE FUNCTION kinora_vod_license_expiry();

CREATE OR REPLACE FUNCTION kinora_license_expiry_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "VodItem" v SET "expirationDate" = v."expirationDate" FROM "BoxItem" b
    WHERE b."acquiredLicenseId" = NEW."id" AND v."boxItemId" = b."id";
  RETURN NULL;
END;
$$;

CREATE TRIGGER "AcquiredLicense_expiry_moved" AFTER UPDATE OF "expiresAt" ON "AcquiredLicense"
  FOR EACH ROW WHEN (OLD."expiresAt" IS DISTINCT FROM NEW."expiresAt")
  EXECUTE FUNCTION kinora_license_expiry_moved();
