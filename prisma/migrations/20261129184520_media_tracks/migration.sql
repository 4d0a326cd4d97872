-- CreateEnum
CREATE TYPE "CaptionKind" AS ENUM ('SUBTITLES', 'CAPTIONS');

-- CreateEnum
CREATE TYPE "MediaTrackOrigin" AS ENUM ('UPLOAD', 'SOURCE');

-- AlterTable
ALTER TABLE "StoredMedia" ADD COLUMN     "chapters" JSONB,
ADD COLUMN     "chaptersFile" TEXT,
ADD COLUMN     "previewMaster" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "storyboard" JSONB;

-- CreateTable
CREATE TABLE "Caption" (
    "id" UUID NOT NULL,
    "mediaId" UUID NOT NULL,
    "language" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "kind" "CaptionKind" NOT NULL DEFAULT 'SUBTITLES',
    "origin" "MediaTrackOrigin" NOT NULL DEFAULT 'UPLOAD',
    "fileName" TEXT NOT NULL,
    "cueCount" INTEGER NOT NULL,
    "previewCues" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Caption_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AudioTrack" (
    "id" UUID NOT NULL,
    "mediaId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "language" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "playlistKey" TEXT,
    "bandwidth" INTEGER,
    "codecs" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AudioTrack_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Caption_mediaId_language_key" ON "Caption"("mediaId", "language");

-- CreateIndex
CREATE UNIQUE INDEX "AudioTrack_mediaId_position_key" ON "AudioTrack"("mediaId", "position");

-- AddForeignKey
ALTER TABLE "Caption" ADD CONSTRAINT "Caption_mediaId_fkey" FOREIGN KEY ("mediaId") REFERENCES "StoredMedia"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AudioTrack" ADD CONSTRAINT "AudioTrack_mediaId_fkey" FOREIGN KEY ("mediaId") REFERENCES "StoredMedia"("id") ON DELETE CASCADE ON UPDATE CASCADE;
