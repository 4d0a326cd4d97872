import type { Prisma } from "@/generated/prisma/client";
import type { ProgramType } from "@/generated/prisma/enums";
import { contentFieldsOf, contentRowSelect, type ContentFields } from "@/server/domain/box/content-fields";
import type { CastChannelView, CastStreamView } from "./cast-views";
import { todayUtc } from "@/server/domain/vod/vod-item-view";
import { castChannelSelect, castStreamSelect, toCastChannelView, toCastStreamView } from "./cast-views";
import { watchUrlOf } from "./catch-up";

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
  /** PRERECORDED of a content published as a vod: its watch page (catch-up.ts; not in the document's shape). */
  watchUrl?: string;
  /** LIVE: the cast stream relayed. */
  stream?: CastStreamView;
  /** Its channel, with the publisher (public views). */
  channel: CastChannelView;
}

const contentSelect = {
  id: true,
  ...contentRowSelect,
  // its catch-up vod (catch-up.ts), without the day filter: programSelect is one constant, and the
  // last day is checked when the view is made
  vodItems: {
    where: { listed: true },
    orderBy: { createdAt: "asc" },
    select: { id: true, expirationDate: true },
  },
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
  const today = todayUtc();
  const catchUp =
    row.itemType === "PRERECORDED"
      ? b?.vodItems.find((v) => !v.expirationDate || v.expirationDate.toISOString().slice(0, 10) >= today)
      : undefined;
  return {
    programId: row.id,
    title: row.title,
    description: row.description ?? undefined,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    itemType: row.itemType,
    thumbnailId: row.thumbnailId ?? undefined,
    tags: row.tags,
    boxContent: row.itemType === "PRERECORDED" && b ? contentFieldsOf(b.id, b, undefined) : undefined,
    offsetSeconds: row.itemType === "PRERECORDED" ? row.offsetSeconds : undefined,
    watchUrl: catchUp && watchUrlOf(catchUp.id, baseUrl),
    stream: row.itemType === "LIVE" && row.stream ? toCastStreamView(row.stream, baseUrl) : undefined,
    channel: toCastChannelView(row.channel, baseUrl),
  };
}
