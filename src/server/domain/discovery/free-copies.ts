import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { normalizeUuid } from "@/server/core/uuid";
import { todayUtc } from "@/server/domain/vod/vod-item-view";

export const freeCopiesInput = z.object({ vodIds: z.array(z.string().max(100)).max(100) });

/** A listed vod anyone watches free (FREE or Creative Commons) of the same box content as a bundle's vod. */
export interface FreeCopy {
  vodId: string;
  licenseType: "FREE" | "CREATIVE_COMMONS";
}

// For bundle vods (the bundle page's items, a bundle vod's watch page): the vod of the same content
// its publisher also published free, when there is one the audience sees; keyed by the bundle
// vod's id. Ids that are not vods, or have no free copy, are left out.
export async function getFreeCopies(ctx: Ctx, input: z.output<typeof freeCopiesInput>): Promise<Record<string, FreeCopy>> {
  const ids = input.vodIds.flatMap((id) => normalizeUuid(id) ?? []);
  if (!ids.length) return {};
  const rows = await ctx.db.$queryRaw<{ bundleVodId: string; vodId: string; licenseType: FreeCopy["licenseType"] }[]>`
    SELECT DISTINCT ON (bv."id") bv."id"::text AS "bundleVodId", fv."id"::text AS "vodId", fv."licenseType"::text AS "licenseType"
    FROM "VodItem" bv JOIN "VodItem" fv ON fv."boxItemId" = bv."boxItemId" AND fv."ownerId" = bv."ownerId" AND fv."id" <> bv."id"
    WHERE bv."id" = ANY(${ids}::uuid[]) AND bv."licenseType" = 'CONTENT_BUNDLE'::"VodLicenseType"
      AND fv."licenseType" IN ('FREE'::"VodLicenseType", 'CREATIVE_COMMONS'::"VodLicenseType") AND fv."listed"
      AND (fv."expirationDate" IS NULL OR fv."expirationDate" >= ${todayUtc()}::date)
    ORDER BY bv."id", fv."createdAt" ASC`;
  return Object.fromEntries(rows.map((r) => [r.bundleVodId, { vodId: r.vodId, licenseType: r.licenseType }]));
}
