-- CreateTable
CREATE TABLE "CastNumbering" (
    "channelId" UUID NOT NULL,
    "atMs" BIGINT NOT NULL,
    "msn" BIGINT NOT NULL,
    "dsn" BIGINT NOT NULL,

    CONSTRAINT "CastNumbering_pkey" PRIMARY KEY ("channelId")
);

-- AddForeignKey
ALTER TABLE "CastNumbering" ADD CONSTRAINT "CastNumbering_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "CastChannel"("id") ON DELETE CASCADE ON UPDATE CASCADE;
