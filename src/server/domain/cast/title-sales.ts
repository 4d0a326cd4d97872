import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import type { DurationUnit } from "@/generated/prisma/enums";
import { env } from "@/server/env";
import { todayUtc } from "@/server/domain/vod/vod-item-view";
import { loadOwnCastChannel } from "./cast-views";

/** The most box items one question names (the day editor asks for the contents its side list shows). */
const MAX_TITLES = 100;

export const titleSalesInput = z.object({
  channelId: z.string(),
  boxIds: z.array(z.string().max(100)).max(MAX_TITLES),
});

/** How a title is sold to viewers elsewhere: by the view, or only inside a bundle. */
export type TitleSale =
  | { kind: "PAY_PER_VIEW"; priceCents: number; currency: string }
  | {
      kind: "CONTENT_BUNDLE";
      bundleId: string;
      bundleName: string;
      priceCents: number;
      currency: string;
      duration: number;
      durationUnit: DurationUnit;
    };

export interface TitleSales {
  /** Whether anyone may watch the channel without paying. */
  channelFree: boolean;
  /** The titles among those asked that are sold, by boxId; the others are left out. */
  sales: Record<string, TitleSale[]>;
}

/**
 * Which of the owner's box items are sold to viewers (a public, unexpired vod of theirs that is
 * PAY_PER_VIEW or CONTENT_BUNDLE, and none that gives it away: FREE or CREATIVE_COMMONS): what
 * scheduling them on a free channel gives away. A cast channel
 * has no price and no ticket (play-channel.ts plays it to anyone), so every channel is free today;
 * the answer says so rather than the editor assuming it. 404 for another user's channel.
 */
export async function titleSales(ctx: Ctx, input: z.output<typeof titleSalesInput>): Promise<TitleSales> {
  const ownerId = requireUserId(ctx);
  await loadOwnCastChannel(ctx.db, ownerId, input.channelId, ctx.baseUrl);
  const ids = input.boxIds.filter((id) => z.uuid().safeParse(id).success);
  const vods = ids.length
    ? await ctx.db.vodItem.findMany({
        where: {
          ownerId,
          boxItemId: { in: ids },
          public: true,
          OR: [{ expirationDate: null }, { expirationDate: { gte: new Date(`${todayUtc()}T00:00:00Z`) } }],
        },
        orderBy: { createdAt: "asc" },
        select: {
          boxItemId: true,
          licenseType: true,
          pricePerViewCents: true,
          bundle: { select: { id: true, name: true, priceCents: true, currency: true, duration: true, durationUnit: true } },
        },
      })
    : [];
  const given = new Set(vods.filter((v) => v.licenseType === "FREE" || v.licenseType === "CREATIVE_COMMONS").map((v) => v.boxItemId));
  const sales: Record<string, TitleSale[]> = {};
  for (const v of vods.filter((v) => !given.has(v.boxItemId))) {
    const sale: TitleSale | undefined =
      v.licenseType === "PAY_PER_VIEW"
        ? { kind: "PAY_PER_VIEW", priceCents: v.pricePerViewCents ?? 0, currency: env().CURRENCY }
        : v.licenseType === "CONTENT_BUNDLE" && v.bundle
          ? {
              kind: "CONTENT_BUNDLE",
              bundleId: v.bundle.id,
              bundleName: v.bundle.name,
              priceCents: v.bundle.priceCents,
              currency: v.bundle.currency,
              duration: v.bundle.duration,
              durationUnit: v.bundle.durationUnit,
            }
          : undefined;
    if (sale) (sales[v.boxItemId] ??= []).push(sale);
  }
  return { channelFree: true, sales };
}
