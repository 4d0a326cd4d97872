import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { eventColumns, writeWithoutOverlap } from "./event-columns";
import { eventFields } from "./event-fields";
import { loadOwnEvent, type LiveEventView } from "./event-view";

export const updateEventInput = eventFields.safeExtend({ eventId: z.string() });

// POST /api/live/event/{eventId} - the same fields as create (the channel stays). Clients post back
// the object they read: an absent description, thumbnailId or tags clears it. Tickets already sold
// keep their window of access (the event's new end, its replay days from it).
export async function updateEvent(ctx: Ctx, input: z.output<typeof updateEventInput>): Promise<LiveEventView> {
  const ownerId = requireUserId(ctx);
  const current = await loadOwnEvent(ctx.db, ownerId, input.eventId);
  const data = await eventColumns(ctx.db, ownerId, input);
  const { eventId, channel } = current.view;
  await writeWithoutOverlap(ctx.db, channel.channelId, data, eventId, (tx) => tx.liveEvent.update({ where: { id: eventId }, data }));
  return (await loadOwnEvent(ctx.db, ownerId, eventId, ctx.baseUrl)).view;
}
