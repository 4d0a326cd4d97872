import type { Prisma } from "@/generated/prisma/client";
import { refuseTakenDown } from "@/server/domain/admin/taken-down";
import type { Db, DbOrTx } from "@/server/db/client";
import { env } from "@/server/env";
import { notFound } from "@/server/core/errors";
import { normalizeUuid } from "@/server/core/uuid";
import { rtmpBaseUrl } from "@/server/media/live/ingest-address";
import { CAST_RTMP_APP } from "@/server/media/edge/live-layout.mjs";
import { publicUserSelect, toPublicUser, type PublicUser } from "@/server/domain/users/public-user";

/** The document's Cast channel, with domain types (the REST layer leaves out what public views omit). */
export interface CastChannelView {
  channelId: string;
  name: string;
  description?: string;
  /** While true, the channel's programming cannot change (409). */
  locked: boolean;
  /** Where the channel's output is served over HTTP ({streamingBaseUrl}/{streamPath}). */
  streamingBaseUrl: string;
  streamPath: string;
  thumbnailId?: string;
  tags: string[];
  publisher: PublicUser;
}

/** The document's Cast stream: a live input published like a live channel's (same ingest and credentials). */
export interface CastStreamView {
  streamId: string;
  name: string;
  description?: string;
  /** Where encoders publish: the live ingest's rtmp://<host>:<RTMP_PORT>/cast (then /{streamPath}), with the live password. */
  streamingBaseUrl: string;
  streamPath: string;
  thumbnailId?: string;
  tags: string[];
}

export const castChannelSelect = {
  id: true,
  ownerId: true,
  name: true,
  description: true,
  locked: true,
  streamPath: true,
  thumbnailId: true,
  tags: true,
  takedownId: true,
  owner: { select: { ...publicUserSelect, status: true } },
} satisfies Prisma.CastChannelSelect;

export const castStreamSelect = {
  id: true,
  ownerId: true,
  name: true,
  description: true,
  streamPath: true,
  thumbnailId: true,
  tags: true,
} satisfies Prisma.CastStreamSelect;

export type CastChannelRow = Prisma.CastChannelGetPayload<{ select: typeof castChannelSelect }>;
export type CastStreamRow = Prisma.CastStreamGetPayload<{ select: typeof castStreamSelect }>;

/** The HTTP home of cast channels' output on the host the caller reaches us by. */
export const castOutputBaseUrl = (baseUrl: string | undefined) => `${(baseUrl ?? env().publicUrl).replace(/\/$/, "")}/cast`;

export function toCastChannelView(row: CastChannelRow, baseUrl: string | undefined): CastChannelView {
  return {
    channelId: row.id,
    name: row.name,
    description: row.description ?? undefined,
    locked: row.locked,
    streamingBaseUrl: castOutputBaseUrl(baseUrl),
    streamPath: row.streamPath,
    thumbnailId: row.thumbnailId ?? undefined,
    tags: row.tags,
    publisher: toPublicUser(row.owner),
  };
}

export function toCastStreamView(row: CastStreamRow, baseUrl: string | undefined): CastStreamView {
  return {
    streamId: row.id,
    name: row.name,
    description: row.description ?? undefined,
    streamingBaseUrl: rtmpBaseUrl(baseUrl, CAST_RTMP_APP),
    streamPath: row.streamPath,
    thumbnailId: row.thumbnailId ?? undefined,
    tags: row.tags,
  };
}

/** The caller's own cast channel; 404 for a missing one and for another user's (no existence leak). */
export async function loadOwnCastChannel(db: DbOrTx, ownerId: string, channelId: unknown, baseUrl?: string): Promise<CastChannelView> {
  const id = normalizeUuid(channelId);
  const row = id ? await db.castChannel.findFirst({ where: { id, ownerId }, select: castChannelSelect }) : null;
  if (!row) throw notFound("error.castChannelNotFound");
  return toCastChannelView(row, baseUrl);
}

/** A cast channel as the audience reaches it: any channel of an active creator; its owner's always. 404 otherwise; 451 while taken down. */
export async function loadAudienceCastChannel(db: Db, viewerId: string | undefined, channelId: unknown, baseUrl?: string) {
  return (await loadAudienceCastChannelOf(db, viewerId, channelId, baseUrl)).view;
}

/** The same, with the channel's owner (whose media home and band its output is). */
export async function loadAudienceCastChannelOf(db: Db, viewerId: string | undefined, channelId: unknown, baseUrl?: string) {
  const id = normalizeUuid(channelId);
  const row = id ? await db.castChannel.findUnique({ where: { id }, select: castChannelSelect }) : null;
  if (!row || (row.ownerId !== viewerId && row.owner.status !== "ACTIVE")) throw notFound("error.castChannelNotFound");
  await refuseTakenDown(db, row.takedownId);
  return { ownerId: row.ownerId, view: toCastChannelView(row, baseUrl) };
}

/** The caller's own cast stream; 404 for a missing one and for another user's. */
export async function loadOwnCastStream(db: DbOrTx, ownerId: string, streamId: unknown, baseUrl?: string): Promise<CastStreamView> {
  const id = normalizeUuid(streamId);
  const row = id ? await db.castStream.findFirst({ where: { id, ownerId }, select: castStreamSelect }) : null;
  if (!row) throw notFound("error.castStreamNotFound");
  return toCastStreamView(row, baseUrl);
}
