-- AlterTable
ALTER TABLE "VodItem" ADD COLUMN     "bundleVector" tsvector;

-- The vod searches over the content bundle (interface: "Vod search query applies to content (title,
-- description, tags) and to the content bundle (name, description, tags; boost 0.7 when no bundle
-- filter is given)"; src/server/domain/vod/vod-search.ts). Written by hand: Prisma sees neither
-- functions nor triggers.
--
-- Kept as the publisher's words are (migration 20261123225248_vod): the BEFORE trigger writes a
-- CONTENT_BUNDLE vod's "bundleVector" from its bundle on every write of the vod (so a vod that joins
-- or leaves a bundle takes or drops its words), the AFTER trigger rewrites its terms when it changes,
-- and a change to a bundle's name, description or tags rewrites the bundle's vods. A vod removed
-- from its bundle is unpublished (its terms go with it: the foreign key cascades); a bundle is only
-- deleted once no vod is in it (VodItem_bundleId_fkey, NO ACTION).
--
-- In VodSearchTerm the bundle's words take a rank of their own between the title and the tags (its
-- weight 0.7 lies between theirs): rank 5 title, 4 bundle, 3 tags, 2 description, 1 publisher.

-- The words of a vod with the best field each is in, in that order: its vector's (kinora_vod_terms,
-- the title moved up to 5) and its bundle's.
CREATE OR REPLACE FUNCTION kinora_vod_search_terms(vector tsvector, bundle tsvector) RETURNS TABLE (lexeme text, rank smallint)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT w.lexeme, max(w.rank)::smallint FROM (
    SELECT t.lexeme, CASE WHEN t.rank = 4 THEN 5 ELSE t.rank END AS rank FROM kinora_vod_terms(vector) t
    UNION ALL
    SELECT u.lexeme, 4 FROM unnest(bundle) u
  ) w GROUP BY w.lexeme
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
  -- the bundle's words as the bundle search weighs them (name A, tags B, description C)
  NEW."bundleVector" := NULL;
  IF NEW."licenseType" = 'CONTENT_BUNDLE' AND NEW."bundleId" IS NOT NULL THEN
    SELECT kinora_vod_vector(bu."name", bu."tags", bu."description", NULL) INTO NEW."bundleVector"
      FROM "Bundle" bu WHERE bu."id" = NEW."bundleId";
  END IF;
  NEW."listed" := coalesce(NEW."public" AND u."vodPublic" AND u."status" = 'ACTIVE', false);
  RETURN NEW;
END;
$$;

CREATE OR REPLACE FUNCTION kinora_vod_sync_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."listed" = NEW."listed" AND OLD."searchVector" = NEW."searchVector"
     AND OLD."bundleVector" IS NOT DISTINCT FROM NEW."bundleVector"
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
    FROM kinora_vod_search_terms(NEW."searchVector", NEW."bundleVector") t;
  END IF;
  RETURN NULL;
END;
$$;

-- The no-op assignment makes the BEFORE trigger recompute the bundle's vods.
CREATE OR REPLACE FUNCTION kinora_vod_refresh_of_bundle() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "VodItem" SET "listed" = "listed" WHERE "bundleId" = NEW."id";
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Bundle_vod_refresh" AFTER UPDATE OF "name", "description", "tags" ON "Bundle"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."description" IS DISTINCT FROM NEW."description"
    OR OLD."tags" IS DISTINCT FROM NEW."tags")
  EXECUTE FUNCTION kinora_vod_refresh_of_bundle();

-- the vods already there: titles move to rank 5 first, then the bundles' vods are rewritten with their bundle's words
UPDATE "VodSearchTerm" SET "rank" = 5 WHERE "rank" = 4;
UPDATE "VodItem" SET "listed" = "listed" WHERE "bundleId" IS NOT NULL;
