import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { optionalUserId, requireUserId } from "@/server/core/context";
import { loadAudienceEvent, loadOwnEvent, type LiveEventView } from "./event-view";

export const getEventInput = z.object({ eventId: z.string() });

// GET /api/live/event/{eventId} - one of the caller's events (404 for another user's).
export async function getEvent(ctx: Ctx, input: z.output<typeof getEventInput>): Promise<LiveEventView> {
  return (await loadOwnEvent(ctx.db, requireUserId(ctx), input.eventId, ctx.baseUrl)).view;
}

// GET /api/public/live/event/{eventId} - any event of an active creator, its channel with the
// publisher (one that is not listed only stays out of the public searches).
export async function getPublicEvent(ctx: Ctx, input: z.output<typeof getEventInput>): Promise<LiveEventView> {
  return (await loadAudienceEvent(ctx.db, optionalUserId(ctx), input.eventId, ctx.baseUrl)).view;
}
