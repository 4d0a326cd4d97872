import { z } from "zod";
import type { Db } from "@/server/db/client";
import type { Ctx } from "@/server/core/context";
import { optionalUserId } from "@/server/core/context";
import { hashToken } from "@/server/auth/secure-token";
import { loadAudienceChannel } from "./channel-view";
import { loadAudienceEvent } from "./event-view";

// How many people watch a live channel or an event's replay now, for the live pages' viewer count.
// Every page showing a channel's stream (playing it, or waiting for it to start) or an event's
// replay renews its presence every AUDIENCE_BEAT_MS; the viewers are the pages renewed within
// AUDIENCE_WINDOW_MS. The rows are in the database, so every instance counts the same audience.
// While a publish is open, the most viewers counted at once is kept on its LiveSession: an event
// over states it ("peak N viewers").

/** How often a page renews its presence (the client's beat). */
export const AUDIENCE_BEAT_MS = 15_000;
/** A page is counted while it renewed its presence this recently: two beats and some slack. */
export const AUDIENCE_WINDOW_MS = 40_000;
/** One address adds at most this many viewers to one audience (a household, a classroom behind one NAT). */
export const VIEWERS_PER_ADDRESS = 25;

export const audienceInput = z.object({
  target: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("channel"), channelId: z.string() }),
    z.object({ kind: z.literal("replay"), eventId: z.string() }),
  ]),
  /** The page's random key (one per page load). */
  viewer: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "a random key of 16 to 64 letters, digits, - or _"),
  /** Whether this page counts: false on a page that only shows the count (a ticket not bought yet). */
  present: z.boolean().default(true),
});

export interface Audience {
  /** Viewers now. */
  watching: number;
  /** Channel: the most viewers at once during the open publish, or the last one. Replay: the event's live peak. */
  peak: number;
}

/** Records the caller's presence (when `present`) and answers the audience's size (404 for what the caller cannot reach). */
export async function audience(ctx: Ctx, input: z.output<typeof audienceInput>, now = new Date()): Promise<Audience> {
  const viewerId = optionalUserId(ctx);
  const target = input.target;
  const scoped =
    target.kind === "channel"
      ? { scope: `channel:${(await loadAudienceChannel(ctx.db, viewerId, target.channelId)).view.channelId}`, event: undefined }
      : await loadAudienceEvent(ctx.db, viewerId, target.eventId).then((e) => ({ scope: `replay:${e.view.eventId}`, event: e.view }));
  const since = new Date(now.getTime() - AUDIENCE_WINDOW_MS);
  if (input.present) await renew(ctx.db, scoped.scope, input.viewer, ctx.address ?? "", now, since);
  const watching = await ctx.db.liveAudience.count({ where: { scope: scoped.scope, seenAt: { gte: since } } });
  if (target.kind === "channel") {
    const channelId = scoped.scope.slice("channel:".length);
    return { watching, peak: await channelPeak(ctx.db, channelId, watching) };
  }
  const event = scoped.event!;
  return { watching, peak: await eventPeak(ctx.db, event.channel.channelId, event.startsAt, event.endsAt) };
}

/** The caller's row renewed; a new one only while its address has fewer than VIEWERS_PER_ADDRESS in the audience. Stale rows are swept. */
async function renew(db: Db, scope: string, pageKey: string, address: string, now: Date, since: Date): Promise<void> {
  const addressKey = hashToken(`address:${address}`);
  const viewerKey = hashToken(`viewer:${address}:${pageKey}`);
  const renewed = await db.liveAudience.updateMany({ where: { scope, viewerKey }, data: { seenAt: now } });
  if (renewed.count > 0) return;
  await db.liveAudience.deleteMany({ where: { scope, seenAt: { lt: since } } });
  const fromAddress = await db.liveAudience.count({ where: { scope, addressKey, seenAt: { gte: since } } });
  if (fromAddress >= VIEWERS_PER_ADDRESS) return;
  await db.liveAudience.createMany({ data: [{ scope, viewerKey, addressKey, seenAt: now }], skipDuplicates: true });
}

/** The open publish's peak, raised to `watching`; with no publish open, the last publish's. */
async function channelPeak(db: Db, channelId: string, watching: number): Promise<number> {
  await db.liveSession.updateMany({ where: { openChannelId: channelId, peakViewers: { lt: watching } }, data: { peakViewers: watching } });
  const last = await db.liveSession.findFirst({ where: { channelId }, orderBy: { startedAt: "desc" }, select: { peakViewers: true } });
  return last?.peakViewers ?? 0;
}

/** The most viewers at once during the publishes of the event's channel within the event's window. */
async function eventPeak(db: Db, channelId: string, startsAt: Date, endsAt: Date): Promise<number> {
  const peak = await db.liveSession.aggregate({
    where: { channelId, startedAt: { lt: endsAt }, OR: [{ endedAt: null }, { endedAt: { gt: startsAt } }] },
    _max: { peakViewers: true },
  });
  return peak._max.peakViewers ?? 0;
}
