-- CreateTable (IF NOT EXISTS: on PostgreSQL the launcher may have made it already, with this same
-- definition, to keep the instance's secret before the migrations run: src/server/instance-secret.mjs)
CREATE TABLE IF NOT EXISTS "InstanceSecret" (
    "id" INTEGER NOT NULL,
    "value" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InstanceSecret_pkey" PRIMARY KEY ("id")
);
