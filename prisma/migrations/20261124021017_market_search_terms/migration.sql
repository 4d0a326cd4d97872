-- CreateTable
CREATE TABLE "MarketSearchTerm" (
    "lexeme" TEXT COLLATE "C" NOT NULL, -- byte order: a prefix match is a range of the index (hand-written)
    "rank" SMALLINT NOT NULL,
    "publishedAt" TIMESTAMP(3) NOT NULL,
    "marketplaceItemId" UUID NOT NULL,
    "licenseType" "MarketLicenseType" NOT NULL,
    "ccType" "CcType",
    "download" BOOLEAN NOT NULL,
    "priceCents" INTEGER NOT NULL,
    "ownerId" UUID NOT NULL,

    CONSTRAINT "MarketSearchTerm_pkey" PRIMARY KEY ("marketplaceItemId","lexeme")
);

-- CreateIndex
CREATE INDEX "MarketSearchTerm_lookup_idx" ON "MarketSearchTerm"("lexeme", "rank" DESC, "publishedAt" DESC, "marketplaceItemId" DESC, "licenseType", "ccType", "download", "priceCents", "ownerId");

-- AddForeignKey
ALTER TABLE "MarketSearchTerm" ADD CONSTRAINT "MarketSearchTerm_marketplaceItemId_fkey" FOREIGN KEY ("marketplaceItemId") REFERENCES "MarketplaceItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Public marketplace search (src/server/domain/marketplace/market-search.ts). Written by hand below:
-- Prisma sees neither functions nor triggers.
--
-- MarketSearchTerm holds the words of listed listings (MarketplaceItem."searchVector": content title
-- A, tags B, description C, seller D), one row each with its best field (kinora_vod_terms), the
-- publishing date and what the public search filters on, under a btree in relevance order: a
-- one-word or prefix search reads its page from that index in order, as the vod search reads
-- VodSearchTerm. Rewritten by an AFTER trigger when a listing's words, visibility, date or terms
-- change; the box item's and the seller's edits already rewrite the listing (the "listed" no-op
-- updates of migration 20261124013011_marketplace), and a deleted listing's terms go with it (the
-- foreign key cascades).

CREATE OR REPLACE FUNCTION kinora_market_sync_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."listed" = NEW."listed" AND OLD."searchVector" IS NOT DISTINCT FROM NEW."searchVector"
     AND OLD."createdAt" = NEW."createdAt" AND OLD."ownerId" = NEW."ownerId" AND OLD."licenseType" = NEW."licenseType"
     AND OLD."ccType" IS NOT DISTINCT FROM NEW."ccType" AND OLD."download" = NEW."download"
     AND OLD."activationPriceCents" IS NOT DISTINCT FROM NEW."activationPriceCents"
     AND OLD."pricePerViewCents" IS NOT DISTINCT FROM NEW."pricePerViewCents" THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "MarketSearchTerm" WHERE "marketplaceItemId" = OLD."id";
  END IF;
  IF NEW."listed" THEN
    INSERT INTO "MarketSearchTerm" ("lexeme", "rank", "publishedAt", "marketplaceItemId", "licenseType", "ccType", "download",
      "priceCents", "ownerId")
    SELECT t.lexeme, t.rank, NEW."createdAt", NEW."id", NEW."licenseType", NEW."ccType", NEW."download",
      coalesce(NEW."activationPriceCents", NEW."pricePerViewCents", 0), NEW."ownerId"
    FROM kinora_vod_terms(NEW."searchVector") t;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "MarketplaceItem_sync_terms" AFTER INSERT OR UPDATE ON "MarketplaceItem"
  FOR EACH ROW EXECUTE FUNCTION kinora_market_sync_terms();

-- the listings already there
INSERT INTO "MarketSearchTerm" ("lexeme", "rank", "publishedAt", "marketplaceItemId", "licenseType", "ccType", "download",
  "priceCents", "ownerId")
SELECT t.lexeme, t.rank, m."createdAt", m."id", m."licenseType", m."ccType", m."download",
  coalesce(m."activationPriceCents", m."pricePerViewCents", 0), m."ownerId"
FROM "MarketplaceItem" m CROSS JOIN LATERAL kinora_vod_terms(m."searchVector") t WHERE m."listed";

-- The GIN index of the listings' vectors is no longer read: the public search reads the terms, a
-- seller's own listings are few (read by MarketplaceItem_ownerId_createdAt_idx).
DROP INDEX "MarketplaceItem_search_idx";
