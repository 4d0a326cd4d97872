/*
  Warnings:

  - You are about to drop the column `tokensValidAfter` on the `User` table. All the data in the column will be lost.

*/
-- AlterTable
ALTER TABLE "OAuthClient" ADD COLUMN     "origins" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "User" DROP COLUMN "tokensValidAfter",
ADD COLUMN     "sessionVersion" INTEGER NOT NULL DEFAULT 0;
