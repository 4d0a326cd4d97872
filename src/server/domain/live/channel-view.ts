import type { Prisma } from "@/generated/prisma/client";
import { refuseTakenDown } from "@/server/domain/admin/taken-down";
import type { Db, DbOrTx } from "@/server/db/client";
import { rtmpBaseUrl } from "@/server/media/live/ingest-address";
import { RTMP_APP } from "@/server/media/edge/live-layout.mjs";
import { notFound } from "@/server/core/errors";
import { normalizeUuid } from "@/server/core/uuid";
import { publicUserSelect, toPublicUser, type PublicUser } from "@/server/domain/users/public-user";

/** The document's Live channel, with domain types (the REST layer leaves out what public views omit). */
export interface LiveChannelView {
  channelId: string;
  name: string;
  description?: string;
  /** Where encoders publish: rtmp://<public host>:<RTMP_PORT>/live (then /{streamPath}). */
  streamingBaseUrl: string;
  streamPath: string;
  /** Listed in public pages (visibility rule 2: its events too). */
  public: boolean;
  thumbnailId?: string;
  tags: string[];
  publisher: PublicUser;
}

export const channelSelect = {
  id: true,
  ownerId: true,
  name: true,
  description: true,
  streamPath: true,
  public: true,
  thumbnailId: true,
  tags: true,
  takedownId: true,
  owner: { select: { ...publicUserSelect, status: true } },
} satisfies Prisma.LiveChannelSelect;

export type ChannelRow = Prisma.LiveChannelGetPayload<{ select: typeof channelSelect }>;

export function toChannelView(row: ChannelRow, baseUrl: string | undefined): LiveChannelView {
  return {
    channelId: row.id,
    name: row.name,
    description: row.description ?? undefined,
    streamingBaseUrl: rtmpBaseUrl(baseUrl, RTMP_APP),
    streamPath: row.streamPath,
    public: row.public,
    thumbnailId: row.thumbnailId ?? undefined,
    tags: row.tags,
    publisher: toPublicUser(row.owner),
  };
}

/** A channel as read, with its owner's id (authorization, the seller of its tickets, the media home). */
export interface LoadedChannel {
  ownerId: string;
  view: LiveChannelView;
}

/** The caller's own channel; 404 for a missing one and for another user's (no existence leak). */
export async function loadOwnChannel(db: DbOrTx, ownerId: string, channelId: unknown, baseUrl?: string) {
  const id = normalizeUuid(channelId);
  const row = id ? await db.liveChannel.findFirst({ where: { id, ownerId }, select: channelSelect }) : null;
  if (!row) throw notFound("error.liveChannelNotFound");
  return { ownerId: row.ownerId, view: toChannelView(row, baseUrl) } satisfies LoadedChannel;
}

/**
 * A channel as the audience reaches it by its id: any channel of an active creator (a channel that
 * is not public is only left out of listings, rule 2: its link still works); its owner reads it
 * always. 404 otherwise; 451 while taken down (domain/admin), for its owner too.
 */
export async function loadAudienceChannel(db: Db, viewerId: string | undefined, channelId: unknown, baseUrl?: string) {
  const id = normalizeUuid(channelId);
  const row = id ? await db.liveChannel.findUnique({ where: { id }, select: channelSelect }) : null;
  if (!row || (row.ownerId !== viewerId && row.owner.status !== "ACTIVE")) throw notFound("error.liveChannelNotFound");
  await refuseTakenDown(db, row.takedownId);
  return { ownerId: row.ownerId, view: toChannelView(row, baseUrl) } satisfies LoadedChannel;
}
