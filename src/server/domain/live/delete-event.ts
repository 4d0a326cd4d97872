import { z } from "zod";
import type { Ctx } from "@/server/domain/context";
import { requireUserId } from "@/server/domain/context";
import { loadOwnEvent } from "./event-view";

export const deleteEventInput = z.object({ eventId: z.string() });

// DELETE /api/live/event/{eventId} - removes one of the caller's events (its recording stays in
// the box; tickets sold stay in the buyers' and the seller's records).
export async function deleteEvent(ctx: Ctx, input: z.output<typeof deleteEventInput>): Promise<void> {
  const event = await loadOwnEvent(ctx.db, requireUserId(ctx), input.eventId);
  await ctx.db.liveEvent.deleteMany({ where: { id: event.view.eventId } });
}
