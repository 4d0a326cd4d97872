import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { DomainError, notFound } from "@/server/core/errors";
import { normalizeUuid } from "@/server/core/uuid";
import { removeLiveHome } from "@/server/media/live/live-dirs";

export const deleteChannelInput = z.object({ channelId: z.string() });

const hasEvents = (events: number) => new DomainError("DEPENDANTS", "error.liveChannelHasEvents", { events });

// DELETE /api/live/channel/{channelId} - removes a channel without events. Refused with 409
// DEPENDANTS (supplement §2 and §4: the `exception` clients look for) while it has events, past
// ones included: delete them first. Its live files go with it, on every node (live-dirs.ts).
export async function deleteChannel(ctx: Ctx, input: z.output<typeof deleteChannelInput>): Promise<void> {
  const ownerId = requireUserId(ctx);
  const id = normalizeUuid(input.channelId);
  const channel = id
    ? await ctx.db.liveChannel.findFirst({
        where: { id, ownerId },
        select: { id: true, streamPath: true, _count: { select: { events: true } } },
      })
    : null;
  if (!channel) throw notFound("error.liveChannelNotFound");
  if (channel._count.events > 0) throw hasEvents(channel._count.events);
  await ctx.db.liveChannel.delete({ where: { id: channel.id } }).catch((err: unknown) => {
    // an event created between the count and the delete: its foreign key (RESTRICT) refused the delete
    if ((err as { code?: string }).code === "P2003") throw hasEvents(1);
    throw err;
  });
  const open = await ctx.db.liveSession.findUnique({ where: { openChannelId: channel.id }, select: { id: true } });
  await removeLiveHome(ctx.db, { kind: "live", ownerId, homeId: channel.id, streamPath: channel.streamPath, publishing: open !== null });
}
