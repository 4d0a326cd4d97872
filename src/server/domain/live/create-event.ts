import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { loadOwnChannel } from "./channel-view";
import { eventColumns, writeWithoutOverlap } from "./event-columns";
import { eventFields } from "./event-fields";
import { loadOwnEvent, type LiveEventView } from "./event-view";

export const createEventInput = eventFields.safeExtend({ channelId: z.string() });

// POST /api/live/channel/{channelId}/event - a new event on one of the caller's channels (404 for
// another user's): 201 with it. Its window must not meet another event of the channel (400 on
// eventDate); a window in the past is accepted (a creator records what happened).
export async function createEvent(ctx: Ctx, input: z.output<typeof createEventInput>): Promise<LiveEventView> {
  const ownerId = requireUserId(ctx);
  const channel = await loadOwnChannel(ctx.db, ownerId, input.channelId);
  const data = { channelId: channel.view.channelId, ...(await eventColumns(ctx.db, ownerId, input)) };
  const created = await writeWithoutOverlap(ctx.db, data.channelId, data, undefined, (tx) =>
    tx.liveEvent.create({ data, select: { id: true } }),
  );
  return (await loadOwnEvent(ctx.db, ownerId, created.id, ctx.baseUrl)).view;
}
