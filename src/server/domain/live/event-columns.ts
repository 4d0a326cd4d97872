import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { invalidField } from "@/server/core/errors";
import { findOwnThumbnail } from "@/server/domain/thumbnails/own-thumbnail";
import type { EventFields } from "./event-fields";

/** The columns of valid event fields; a thumbnailId that is not one of the owner's is a 400 on it. */
export async function eventColumns(db: Db, ownerId: string, fields: EventFields) {
  if (fields.thumbnailId && !(await findOwnThumbnail(db, ownerId, fields.thumbnailId)))
    throw invalidField("thumbnailId", "field.thumbnailId");
  return {
    name: fields.name,
    description: fields.description ?? null,
    paymentMode: fields.paymentMode,
    pricePerViewCents: fields.paymentMode === "PAY_PER_VIEW" ? fields.pricePerView! : null,
    startsAt: fields.eventDate,
    endsAt: fields.endDate,
    publicEvent: fields.publicEvent,
    recordEvent: fields.recordEvent,
    thumbnailId: fields.thumbnailId ?? null,
    tags: fields.tags,
  } satisfies Prisma.LiveEventUncheckedUpdateInput;
}

const utc = (d: Date) => d.toISOString().slice(0, 19).replace("T", " ");

/**
 * Writes an event of a channel in a transaction that first locks the channel's row, so that two
 * writes of one channel are checked one after the other: 400 on eventDate when the window
 * [start, end) meets another event of the channel (`exceptId`: the event being updated).
 */
export async function writeWithoutOverlap<T>(
  db: Db,
  channelId: string,
  window: { startsAt: Date; endsAt: Date },
  exceptId: string | undefined,
  write: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "LiveChannel" WHERE "id" = ${channelId}::uuid FOR UPDATE`;
    const other = await tx.liveEvent.findFirst({
      where: {
        channelId,
        ...(exceptId ? { id: { not: exceptId } } : {}),
        startsAt: { lt: window.endsAt },
        endsAt: { gt: window.startsAt },
      },
      orderBy: { startsAt: "asc" },
      select: { name: true, startsAt: true, endsAt: true },
    });
    if (other)
      throw invalidField("eventDate", "field.eventOverlap", { name: other.name, from: utc(other.startsAt), to: utc(other.endsAt) });
    return write(tx);
  });
}
