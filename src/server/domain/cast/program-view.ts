import type { Prisma } from "@/generated/prisma/client";
import type { ProgramType } from "@/generated/prisma/enums";
import type { ContentFields } from "@/server/domain/box/content-fields";
import type { CastChannelView, CastStreamView } from "./cast-views";
import { castChannelSelect, castStreamSelect, toCastChannelView, toCastStreamView } from "./cast-views";

/** The document's Cast program, with domain types. */
export interface ProgramView {
  programId: string;
  title: string;
  description?: string;
  startsAt: Date;
  endsAt: Date;
  itemType: ProgramType;
  thumbnailId?: string;
  tags: string[];
  /** PRERECORDED: the box content played (supplement: boxContent), from `offsetSeconds` into it. */
  boxContent?: ContentFields;
  offsetSeconds?: number;
  /** LIVE: the cast stream relayed. */
  stream?: CastStreamView;
  /** Its channel, with the publisher (public views). */
  channel: CastChannelView;
}

const contentSelect = {
  id: true,
  contentId: true,
  resourceId: true,
  title: true,
  description: true,
  durationSeconds: true,
  thumbnailId: true,
  tags: true,
} satisfies Prisma.BoxItemSelect;

/** Everything a program view shows: three statements for any number of programs (the programs, then their box items and streams). */
export const programSelect = {
  id: true,
  itemType: true,
  title: true,
  description: true,
  thumbnailId: true,
  tags: true,
  startsAt: true,
  endsAt: true,
  offsetSeconds: true,
  boxItem: { select: contentSelect },
  stream: { select: castStreamSelect },
  channel: { select: castChannelSelect },
} satisfies Prisma.CastProgramSelect;

export type ProgramRow = Prisma.CastProgramGetPayload<{ select: typeof programSelect }>;

export function toProgramView(row: ProgramRow, baseUrl: string | undefined): ProgramView {
  const b = row.boxItem;
  return {
    programId: row.id,
    title: row.title,
    description: row.description ?? undefined,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    itemType: row.itemType,
    thumbnailId: row.thumbnailId ?? undefined,
    tags: row.tags,
    boxContent:
      row.itemType === "PRERECORDED" && b
        ? {
            boxId: b.id,
            contentId: b.contentId,
            resourceId: b.resourceId,
            title: b.title,
            description: b.description ?? undefined,
            durationSeconds: b.durationSeconds,
            thumbnailId: b.thumbnailId ?? undefined,
            tags: b.tags,
          }
        : undefined,
    offsetSeconds: row.itemType === "PRERECORDED" ? row.offsetSeconds : undefined,
    stream: row.itemType === "LIVE" && row.stream ? toCastStreamView(row.stream, baseUrl) : undefined,
    channel: toCastChannelView(row.channel, baseUrl),
  };
}
