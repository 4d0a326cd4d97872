/*
  Warnings:

  - A unique constraint covering the columns `[boxItemId]` on the table `Thumbnail` will be added. If there are existing duplicate values, this will fail.

*/
-- AlterTable
ALTER TABLE "BoxItem" ADD COLUMN     "playableAt" TIMESTAMP(3),
ADD COLUMN     "readyAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Rendition" ADD COLUMN     "averageBandwidth" INTEGER,
ADD COLUMN     "frameRate" DOUBLE PRECISION;

-- AlterTable
ALTER TABLE "Thumbnail" ADD COLUMN     "boxItemId" UUID;

-- CreateIndex
CREATE INDEX "DownloadToken_boxItemId_idx" ON "DownloadToken"("boxItemId");

-- CreateIndex
CREATE UNIQUE INDEX "Thumbnail_boxItemId_key" ON "Thumbnail"("boxItemId");

-- AddForeignKey
ALTER TABLE "Thumbnail" ADD CONSTRAINT "Thumbnail_boxItemId_fkey" FOREIGN KEY ("boxItemId") REFERENCES "BoxItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Full-text search over box items (src/server/domain/box/search-box-items.ts, BOX_SEARCH_VECTOR: keep
-- the expression identical). Written by hand: Prisma does not see functions or expression indexes.
-- array_to_string is only STABLE, so an IMMUTABLE wrapper makes the tags indexable.
CREATE OR REPLACE FUNCTION kinora_tags_text(text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT coalesce(array_to_string($1, ' '), '') $$;
CREATE INDEX "BoxItem_search_idx" ON "BoxItem" USING GIN ((setweight(to_tsvector('simple'::regconfig, translate("title", '.@/:_', '     ')), 'A') || setweight(to_tsvector('simple'::regconfig, translate(kinora_tags_text("tags"), '.@/:_', '     ')), 'B') || setweight(to_tsvector('simple'::regconfig, translate(coalesce("description", ''), '.@/:_', '     ')), 'C')));
