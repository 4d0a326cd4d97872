import type { Db } from "@/server/db/client";

/**
 * Cast channels airing a program now (not a break), for kinora_cast_channels_on_air: per channel
 * the one program that started last before now (a channel's programs do not overlap), found on the
 * (channelId, startsAt) index, so the query costs one index probe per channel whatever the history.
 */
export async function castChannelsOnAir(db: Db, now = new Date()): Promise<number> {
  const rows = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM "CastChannel" c, LATERAL (
      SELECT p."endsAt", p."itemType" FROM "CastProgram" p
      WHERE p."channelId" = c."id" AND p."startsAt" <= ${now} ORDER BY p."startsAt" DESC LIMIT 1
    ) cur
    WHERE cur."endsAt" > ${now} AND cur."itemType" <> 'BREAK'`;
  return Number(rows[0]?.n ?? 0);
}
