-- DropForeignKey
ALTER TABLE "VodItem" DROP CONSTRAINT "VodItem_boxItemId_fkey";

-- AlterTable
ALTER TABLE "VodItem" ADD COLUMN     "listed" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "searchVector" tsvector;

-- AddForeignKey
ALTER TABLE "VodItem" ADD CONSTRAINT "VodItem_boxItemId_fkey" FOREIGN KEY ("boxItemId") REFERENCES "BoxItem"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- Vod search and visibility (src/server/domain/vod/vod-search.ts). Written by hand: Prisma sees
-- neither functions, triggers nor partial indexes.
--
-- "searchVector" and "listed" are denormalized so that a public search is one index scan of one
-- table: the text comes from the vod's box item (title A, tags B, description C) and its publisher
-- (userCode, first and last name, page title and description: D), "listed" is visibility rule 1
-- (vod public, owner's vodPublic, owner ACTIVE). A BEFORE trigger computes both on every write of a
-- vod; changes to the box item's text or to the owner's fields rewrite the owner's or the item's vods.

CREATE OR REPLACE FUNCTION kinora_vod_vector(title text, tags text[], description text, publisher text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('simple'::regconfig, translate(coalesce(title, ''), '.@/:_', '     ')), 'A')
      || setweight(to_tsvector('simple'::regconfig, translate(kinora_tags_text(tags), '.@/:_', '     ')), 'B')
      || setweight(to_tsvector('simple'::regconfig, translate(coalesce(description, ''), '.@/:_', '     ')), 'C')
      || setweight(to_tsvector('simple'::regconfig, translate(coalesce(publisher, ''), '.@/:_', '     ')), 'D')
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

-- Public search: the words of listed vods, and listed vods newest first (no query). Private search
-- (one owner's vods) goes through VodItem_ownerId_createdAt_idx.
CREATE INDEX "VodItem_listed_search_idx" ON "VodItem" USING GIN ("searchVector") WHERE "listed";
CREATE INDEX "VodItem_listed_recent_idx" ON "VodItem" ("createdAt" DESC, "id" DESC) WHERE "listed";

UPDATE "VodItem" SET "listed" = "listed";
