-- AlterTable
ALTER TABLE "ClusterNode" ADD COLUMN     "rtmpUrl" TEXT;
