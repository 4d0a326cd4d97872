-- CreateTable
CREATE TABLE "Sweep" (
    "name" TEXT NOT NULL,
    "nextRunAt" TIMESTAMP(3) NOT NULL,
    "lastRunAt" TIMESTAMP(3),
    "lastRemoved" INTEGER,
    "lastError" TEXT,

    CONSTRAINT "Sweep_pkey" PRIMARY KEY ("name")
);
