import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { optionalUserId } from "@/server/core/context";
import { notFound } from "@/server/core/errors";
import { env } from "@/server/env";
import type { EpgChannel, EpgProgramme } from "@/server/media/cast/epg-types";
import { catchUpVods, watchUrlOf } from "./catch-up";
import { castChannelSelect, loadAudienceCastChannelOf, toCastChannelView, type CastChannelView } from "./cast-views";

// The guide IPTV apps read at stable public URLs (no token: they cannot do OAuth): one channel, or
// every channel of a creator, with their programmes from a day back to a week ahead. A programme of
// a box content published as a listed vod links to its watch page (catch-up).

export const channelEpgInput = z.object({ channelId: z.string() });
export const creatorEpgInput = z.object({ userCode: z.string() });

export interface Epg {
  channels: EpgChannel[];
  programmes: EpgProgramme[];
  /** The creator's guide URL (the M3U's url-tvg). */
  guideUrl?: string;
}

const DAY_MS = 86_400_000;
const BACK_MS = DAY_MS;
const AHEAD_MS = 7 * DAY_MS;

const origin = (ctx: Ctx) => (ctx.baseUrl ?? env().publicUrl).replace(/\/$/, "");

/** The stable URL an IPTV app plays: answers 302 to a freshly signed master playlist. */
export const castStreamUrl = (base: string, channelId: string) => `${base}/cast/${channelId}/stream.m3u8`;

function epgChannel(base: string, c: CastChannelView): EpgChannel {
  return {
    channelId: c.channelId,
    name: c.name,
    logoUrl: c.thumbnailId ? `${base}/asset/thumbnail/${c.thumbnailId}` : null,
    pageUrl: `${base}/cast/${c.channelId}`,
    group: c.publisher.pageTitle ?? c.publisher.userCode,
    streamUrl: castStreamUrl(base, c.channelId),
  };
}

async function programmes(ctx: Ctx, base: string, channelIds: string[], now: Date): Promise<EpgProgramme[]> {
  if (!channelIds.length) return [];
  const rows = await ctx.db.castProgram.findMany({
    where: {
      channelId: { in: channelIds },
      endsAt: { gt: new Date(now.getTime() - BACK_MS) },
      startsAt: { lt: new Date(now.getTime() + AHEAD_MS) },
    },
    orderBy: { startsAt: "asc" },
    select: {
      channelId: true,
      itemType: true,
      title: true,
      description: true,
      tags: true,
      thumbnailId: true,
      startsAt: true,
      endsAt: true,
      boxItem: {
        select: {
          vodItems: catchUpVods(now),
        },
      },
    },
  });
  return rows.map((r) => {
    const vodId = r.itemType === "PRERECORDED" ? r.boxItem?.vodItems[0]?.id : undefined;
    return {
      channelId: r.channelId,
      title: r.title,
      description: r.description,
      startMs: r.startsAt.getTime(),
      endMs: r.endsAt.getTime(),
      type: r.itemType,
      tags: r.tags,
      iconUrl: r.thumbnailId ? `${base}/asset/thumbnail/${r.thumbnailId}` : null,
      watchUrl: vodId ? watchUrlOf(vodId, base) : null,
    };
  });
}

// GET /cast/{channelId}/xmltv.xml - the guide of one channel (404 for a channel the audience cannot reach).
export async function channelEpg(ctx: Ctx, input: z.output<typeof channelEpgInput>, now = new Date()): Promise<Epg> {
  const base = origin(ctx);
  const { view } = await loadAudienceCastChannelOf(ctx.db, optionalUserId(ctx), input.channelId, ctx.baseUrl);
  return { channels: [epgChannel(base, view)], programmes: await programmes(ctx, base, [view.channelId], now) };
}

// GET /cast/user/{userCode}/xmltv.xml and /cast/user/{userCode}/playlist.m3u - every channel of an
// active creator, by name (404 for no such creator; an empty guide for one without channels).
export async function creatorEpg(ctx: Ctx, input: z.output<typeof creatorEpgInput>, now = new Date()): Promise<Epg> {
  const base = origin(ctx);
  const owner = await ctx.db.user.findFirst({
    where: { userCode: { equals: input.userCode, mode: "insensitive" }, status: "ACTIVE" },
    select: { id: true },
  });
  if (!owner) throw notFound("error.userNotFound");
  const rows = await ctx.db.castChannel.findMany({
    where: { ownerId: owner.id, takedownId: null },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: castChannelSelect,
  });
  const channels = rows.map((r) => toCastChannelView(r, ctx.baseUrl));
  return {
    guideUrl: `${base}/cast/user/${encodeURIComponent(input.userCode)}/xmltv.xml`,
    channels: channels.map((c) => epgChannel(base, c)),
    programmes: await programmes(
      ctx,
      base,
      channels.map((c) => c.channelId),
      now,
    ),
  };
}
