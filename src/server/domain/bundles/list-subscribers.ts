import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { searchPage, searchRequest, type SearchPage } from "@/server/domain/shared/search";
import { loadOwnBundle } from "./bundle-view";

export const listSubscribersInput = searchRequest.pick({ pageSize: true, pageIndex: true }).extend({ bundleId: z.string() });

export interface SubscriberView {
  subscriptionId: string;
  userCode: string;
  startsAt: Date;
  expiresAt: Date;
  running: boolean;
}

// The subscribers of one of the caller's bundles (the portal's Bundles section; no REST operation
// of the document lists them): the running subscriptions first, the latest to end first.
export async function listSubscribers(ctx: Ctx, input: z.output<typeof listSubscribersInput>): Promise<SearchPage<SubscriberView>> {
  const bundle = await loadOwnBundle(ctx.db, requireUserId(ctx), input.bundleId);
  const where = { bundleId: bundle.view.bundleId };
  const now = new Date();
  const [total, rows] = await Promise.all([
    ctx.db.bundleSubscription.count({ where }),
    ctx.db.bundleSubscription.findMany({
      where,
      orderBy: [{ expiresAt: "desc" }, { id: "desc" }],
      skip: input.pageIndex * input.pageSize,
      take: input.pageSize,
      select: { id: true, startsAt: true, expiresAt: true, user: { select: { userCode: true } } },
    }),
  ]);
  const items = rows.map((r) => ({
    subscriptionId: r.id,
    userCode: r.user.userCode,
    startsAt: r.startsAt,
    expiresAt: r.expiresAt,
    running: r.expiresAt > now,
  }));
  return searchPage(input, total, items);
}
