import type { Prisma } from "@/generated/prisma/client";
import { refuseTakenDown } from "@/server/domain/admin/taken-down";
import type { PaymentMode } from "@/generated/prisma/enums";
import type { Db, DbOrTx } from "@/server/db/client";
import { notFound } from "@/server/core/errors";
import { normalizeUuid } from "@/server/core/uuid";
import { channelSelect, toChannelView, type LiveChannelView } from "./channel-view";

/** The document's Live event, with domain types (the REST layer leaves out what public views omit). */
export interface LiveEventView {
  eventId: string;
  name: string;
  description?: string;
  channel: LiveChannelView;
  paymentMode: PaymentMode;
  /** PAY_PER_VIEW only: the price of a ticket. */
  pricePerViewCents?: number;
  /** The window: eventDate (start, included) and endDate (end, excluded). */
  startsAt: Date;
  endsAt: Date;
  /** Now is inside the window. */
  onAir: boolean;
  publicEvent: boolean;
  recordEvent: boolean;
  thumbnailId?: string;
  tags: string[];
  /** The box item the recording became (INGEST's recording sets it): the replay. */
  recordingBoxItemId?: string;
}

export const eventSelect = {
  id: true,
  name: true,
  description: true,
  paymentMode: true,
  pricePerViewCents: true,
  startsAt: true,
  endsAt: true,
  publicEvent: true,
  recordEvent: true,
  thumbnailId: true,
  tags: true,
  recordingBoxItemId: true,
  channel: { select: channelSelect },
} satisfies Prisma.LiveEventSelect;

export type EventRow = Prisma.LiveEventGetPayload<{ select: typeof eventSelect }>;

/** Whether `now` is inside an event's window [start, end). */
export const isOnAir = (e: { startsAt: Date; endsAt: Date }, now = new Date()) =>
  e.startsAt.getTime() <= now.getTime() && now.getTime() < e.endsAt.getTime();

export function toEventView(row: EventRow, baseUrl: string | undefined, now = new Date()): LiveEventView {
  return {
    eventId: row.id,
    name: row.name,
    description: row.description ?? undefined,
    channel: toChannelView(row.channel, baseUrl),
    paymentMode: row.paymentMode,
    pricePerViewCents: row.paymentMode === "PAY_PER_VIEW" ? (row.pricePerViewCents ?? undefined) : undefined,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    onAir: isOnAir(row, now),
    publicEvent: row.publicEvent,
    recordEvent: row.recordEvent,
    thumbnailId: row.thumbnailId ?? undefined,
    tags: row.tags,
    recordingBoxItemId: row.recordingBoxItemId ?? undefined,
  };
}

/** An event as read, with its owner's id (the channel's: authorization, the seller of its tickets, the media home). */
export interface LoadedEvent {
  ownerId: string;
  view: LiveEventView;
}

const loaded = (row: EventRow, baseUrl: string | undefined): LoadedEvent => ({
  ownerId: row.channel.ownerId,
  view: toEventView(row, baseUrl),
});

/** The caller's own event; 404 for a missing one and for another user's (no existence leak). */
export async function loadOwnEvent(db: DbOrTx, ownerId: string, eventId: unknown, baseUrl?: string): Promise<LoadedEvent> {
  const id = normalizeUuid(eventId);
  const row = id ? await db.liveEvent.findFirst({ where: { id, channel: { ownerId } }, select: eventSelect }) : null;
  if (!row) throw notFound("error.liveEventNotFound");
  return loaded(row, baseUrl);
}

/**
 * An event as the audience reaches it by its id: any event of an active creator (rules 2 and 3
 * leave events of channels that are not public, and events that are not public, out of the public
 * searches only: their links work, which is how an invitation-only event is shared); its owner
 * reads it always. 404 otherwise.
 */
export async function loadAudienceEvent(db: Db, viewerId: string | undefined, eventId: unknown, baseUrl?: string): Promise<LoadedEvent> {
  const id = normalizeUuid(eventId);
  const row = id ? await db.liveEvent.findUnique({ where: { id }, select: eventSelect }) : null;
  if (!row || (row.channel.ownerId !== viewerId && row.channel.owner.status !== "ACTIVE")) throw notFound("error.liveEventNotFound");
  // an event of a channel taken down is taken down with it (domain/admin)
  await refuseTakenDown(db, row.channel.takedownId);
  return loaded(row, baseUrl);
}

/** Events by id, in the order of `ids`. */
export async function eventsInOrder(db: Db, ids: string[], baseUrl: string | undefined): Promise<LiveEventView[]> {
  const rows = ids.length ? await db.liveEvent.findMany({ where: { id: { in: ids } }, select: eventSelect }) : [];
  const byId = new Map(rows.map((r) => [r.id, toEventView(r, baseUrl)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
