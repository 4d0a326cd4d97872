import { env } from "@/server/env";
import { todayUtc } from "@/server/domain/vod/vod-item-view";

// Catch-up: a program of a box content that is published as a vod links to that vod's watch page,
// in every view of the program (JSON daily programming, program reads, XMLTV). The vod is the
// content's first published one that the audience reaches: listed (visibility rule 1) and not past
// its last day.

/** The catch-up vod of box item `boxIdSql` as a scalar subquery; `todaySql` is today's UTC date. */
export const catchUpVodSql = (boxIdSql: string, todaySql: string) =>
  `(SELECT v."id" FROM "VodItem" v WHERE v."boxItemId" = ${boxIdSql} AND v."listed"
    AND (v."expirationDate" IS NULL OR v."expirationDate" >= ${todaySql}::date) ORDER BY v."createdAt" LIMIT 1)`;

/** The same, as a Prisma select of a box item's vods (take the first). */
export const catchUpVods = (now = new Date()) => ({
  where: { listed: true, OR: [{ expirationDate: null }, { expirationDate: { gte: new Date(todayUtc(now)) } }] },
  orderBy: { createdAt: "asc" as const },
  take: 1,
  select: { id: true },
});

/** A vod's watch page (an absolute URL: IPTV apps and REST clients open it as is). */
export const watchUrlOf = (vodId: string, baseUrl?: string) => `${(baseUrl ?? env().publicUrl).replace(/\/$/, "")}/v/${vodId}`;
