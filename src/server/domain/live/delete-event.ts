import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { DomainError } from "@/server/core/errors";
import { loadOwnEvent, type LiveEventView } from "./event-view";
import { replayUntil } from "./live-ticket";

export const deleteEventInput = z.object({ eventId: z.string() });

/**
 * Until when the event's ticket holders may still watch it: its end, or the end of the replay's
 * days when it was recorded (recordEvent: the recording may still be on its way).
 */
const watchableUntil = (e: LiveEventView) => (e.recordEvent || e.recordingBoxItemId ? replayUntil(e.endsAt) : e.endsAt);

// DELETE /api/live/event/{eventId} - removes one of the caller's events (its recording stays in
// the box; tickets sold stay in the buyers' and the seller's records). Refused with 409 DEPENDANTS
// (the supplement's `exception`) while tickets sold for it still let their holders watch it (live,
// or its replay): what they paid for cannot disappear under them.
export async function deleteEvent(ctx: Ctx, input: z.output<typeof deleteEventInput>): Promise<void> {
  const { view } = await loadOwnEvent(ctx.db, requireUserId(ctx), input.eventId);
  if (view.paymentMode === "PAY_PER_VIEW" && watchableUntil(view) > new Date()) {
    const tickets = await ctx.db.payment.count({ where: { kind: "LIVE_EVENT", itemId: view.eventId, status: "PAID" } });
    if (tickets > 0) throw new DomainError("DEPENDANTS", "error.liveEventHasTickets", { tickets });
  }
  await ctx.db.liveEvent.deleteMany({ where: { id: view.eventId } });
}
