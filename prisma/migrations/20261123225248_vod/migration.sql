-- DropForeignKey
ALTER TABLE "VodItem" DROP CONSTRAINT "VodItem_boxItemId_fkey";

-- AlterTable
ALTER TABLE "VodItem" ADD COLUMN     "listed" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "searchVector" tsvector;

-- CreateTable
CREATE TABLE "VodSearchTerm" (
    "lexeme" TEXT COLLATE "C" NOT NULL, -- byte order: a prefix match is a range of the index (hand-written)
    "rank" SMALLINT NOT NULL,
    "publishedAt" TIMESTAMP(3) NOT NULL,
    "vodId" UUID NOT NULL,
    "expirationDate" DATE,
    "licenseType" "VodLicenseType" NOT NULL,
    "ccType" "CcType",
    "bundleId" UUID,

    CONSTRAINT "VodSearchTerm_pkey" PRIMARY KEY ("vodId","lexeme")
);

-- CreateIndex
CREATE INDEX "VodSearchTerm_lookup_idx" ON "VodSearchTerm"("lexeme", "rank" DESC, "publishedAt" DESC, "vodId" DESC, "expirationDate", "licenseType", "ccType", "bundleId");

-- AddForeignKey
ALTER TABLE "VodItem" ADD CONSTRAINT "VodItem_boxItemId_fkey" FOREIGN KEY ("boxItemId") REFERENCES "BoxItem"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VodSearchTerm" ADD CONSTRAINT "VodSearchTerm_vodId_fkey" FOREIGN KEY ("vodId") REFERENCES "VodItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Vod search and visibility (src/server/domain/vod/vod-search.ts). Written by hand: Prisma sees
-- neither functions, triggers nor partial indexes.
--
-- Denormalized so that no search has to visit more than one index per word:
-- - VodItem."searchVector": the words of the vod's box item (title A, tags B, description C) and of
--   its publisher (userCode, first and last name, page title and description: D);
-- - VodItem."listed": visibility rule 1 (vod public, owner's vodPublic, owner ACTIVE);
-- - VodSearchTerm: the words of listed vods, one row each with its best field, publishing date,
--   expiry and license, for the public search.
-- A BEFORE trigger computes the first two on every write of a vod, an AFTER trigger rewrites its
-- terms when they change; changes to the box item's text or to the owner's fields rewrite the item's
-- or the owner's vods. Expiry is checked at read time (it moves with the clock, not with writes).

CREATE OR REPLACE FUNCTION kinora_vod_vector(title text, tags text[], description text, publisher text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('simple'::regconfig, translate(coalesce(title, ''), '.@/:_', '     ')), 'A')
      || setweight(to_tsvector('simple'::regconfig, translate(kinora_tags_text(tags), '.@/:_', '     ')), 'B')
      || setweight(to_tsvector('simple'::regconfig, translate(coalesce(description, ''), '.@/:_', '     ')), 'C')
      || setweight(to_tsvector('simple'::regconfig, translate(coalesce(publisher, ''), '.@/:_', '     ')), 'D')
$$;

-- The words of a vector with the best field each is in: rank 4 (A, title) to 1 (D, publisher).
CREATE OR REPLACE FUNCTION kinora_vod_terms(vector tsvector) RETURNS TABLE (lexeme text, rank smallint)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT u.lexeme, (SELECT max(CASE w WHEN 'A' THEN 4 WHEN 'B' THEN 3 WHEN 'C' THEN 2 ELSE 1 END) FROM unnest(u.weights) w)::smallint
  FROM unnest(vector) u
$$;

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
  NEW."listed" := coalesce(NEW."public" AND u."vodPublic" AND u."status" = 'ACTIVE', false);
  RETURN NEW;
END;
$$;

CREATE TRIGGER "VodItem_fill" BEFORE INSERT OR UPDATE ON "VodItem"
  FOR EACH ROW EXECUTE FUNCTION kinora_vod_fill();

CREATE OR REPLACE FUNCTION kinora_vod_sync_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."listed" = NEW."listed" AND OLD."searchVector" = NEW."searchVector"
     AND OLD."createdAt" = NEW."createdAt" AND OLD."expirationDate" IS NOT DISTINCT FROM NEW."expirationDate"
     AND OLD."licenseType" = NEW."licenseType" AND OLD."ccType" IS NOT DISTINCT FROM NEW."ccType"
     AND OLD."bundleId" IS NOT DISTINCT FROM NEW."bundleId" THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "VodSearchTerm" WHERE "vodId" = OLD."id";
  END IF;
  IF NEW."listed" THEN
    INSERT INTO "VodSearchTerm" ("lexeme", "rank", "publishedAt", "vodId", "expirationDate", "licenseType", "ccType", "bundleId")
    SELECT t.lexeme, t.rank, NEW."createdAt", NEW."id", NEW."expirationDate", NEW."licenseType", NEW."ccType", NEW."bundleId"
    FROM kinora_vod_terms(NEW."searchVector") t;
  END IF;
  RETURN NULL;
END;
$$;

-- (a deleted vod's terms go with it: the foreign key cascades)
CREATE TRIGGER "VodItem_sync_terms" AFTER INSERT OR UPDATE ON "VodItem"
  FOR EACH ROW EXECUTE FUNCTION kinora_vod_sync_terms();

-- The no-op assignment makes the BEFORE trigger above recompute the rows.
CREATE OR REPLACE FUNCTION kinora_vod_refresh_of_box_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "VodItem" SET "listed" = "listed" WHERE "boxItemId" = NEW."id";
  RETURN NULL;
END;
$$;

CREATE TRIGGER "BoxItem_vod_refresh" AFTER UPDATE OF "title", "description", "tags" ON "BoxItem"
  FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."description" IS DISTINCT FROM NEW."description"
    OR OLD."tags" IS DISTINCT FROM NEW."tags")
  EXECUTE FUNCTION kinora_vod_refresh_of_box_item();

CREATE OR REPLACE FUNCTION kinora_vod_refresh_of_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "VodItem" SET "listed" = "listed" WHERE "ownerId" = NEW."id";
  RETURN NULL;
END;
$$;

CREATE TRIGGER "User_vod_refresh"
  AFTER UPDATE OF "userCode", "firstName", "lastName", "pageTitle", "pageDescription", "vodPublic", "status" ON "User"
  FOR EACH ROW WHEN (OLD."userCode" IS DISTINCT FROM NEW."userCode" OR OLD."firstName" IS DISTINCT FROM NEW."firstName"
    OR OLD."lastName" IS DISTINCT FROM NEW."lastName" OR OLD."pageTitle" IS DISTINCT FROM NEW."pageTitle"
    OR OLD."pageDescription" IS DISTINCT FROM NEW."pageDescription" OR OLD."vodPublic" IS DISTINCT FROM NEW."vodPublic"
    OR OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION kinora_vod_refresh_of_owner();

-- The public listing without a query: listed vods newest first, counted and filtered from the index.
CREATE INDEX "VodItem_listed_recent_idx" ON "VodItem" ("createdAt" DESC, "id" DESC)
  INCLUDE ("expirationDate", "licenseType", "ccType", "bundleId") WHERE "listed";
