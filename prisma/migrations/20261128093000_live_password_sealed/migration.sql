-- AlterTable
ALTER TABLE "User" ADD COLUMN     "livePasswordSealed" TEXT;
