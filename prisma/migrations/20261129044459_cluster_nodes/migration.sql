-- The job workers' heartbeats become every node's (ClusterNode: roles and storage besides). They are
-- ephemeral: each running node writes its row again within 15 s, so the old rows are dropped.
/*
  Warnings:

  - You are about to drop the `WorkerHeartbeat` table. If the table is not empty, all the data it contains will be lost.

*/
-- DropTable
DROP TABLE "WorkerHeartbeat";

-- CreateTable
CREATE TABLE "ClusterNode" (
    "id" UUID NOT NULL,
    "host" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "roles" TEXT[],
    "storage" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "seenAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ClusterNode_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ClusterNode_seenAt_idx" ON "ClusterNode"("seenAt");
