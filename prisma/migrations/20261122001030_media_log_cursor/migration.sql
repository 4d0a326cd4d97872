-- CreateTable
CREATE TABLE "MediaLogCursor" (
    "id" TEXT NOT NULL,
    "bucket" INTEGER NOT NULL,
    "offset" BIGINT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MediaLogCursor_pkey" PRIMARY KEY ("id")
);
