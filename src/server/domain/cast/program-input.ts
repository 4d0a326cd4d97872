import { z } from "zod";
import { ProgramType } from "@/generated/prisma/enums";
import { zInstant } from "@/server/domain/live/event-fields";
import { emptyToUndefined, zInt, zNumber, zOptionalText, zTags, zText } from "@/server/core/schema";
import { upperOrUndefined } from "@/server/domain/vod/vod-fields";
import type { PlannedProgram } from "./program-sources";

export const PROGRAM_TITLE_MAX = 200;
export const PROGRAM_DESCRIPTION_MAX = 4000;
/** The most programs one day holds (a day of 200 is saved within the performance budget). */
export const MAX_DAY_PROGRAMS = 1000;

/**
 * A program as clients send it: `programType` (supplement), or the `itemType` of a program read and
 * posted back; `sourceId`, or the boxContent.boxId / stream.streamId of one read.
 */
function asSent(v: unknown): unknown {
  if (!v || typeof v !== "object") return v;
  const p = v as Record<string, any>;
  return {
    ...p,
    programType: p.programType ?? p.itemType,
    sourceId: p.sourceId ?? p.boxContent?.boxId ?? p.stream?.streamId,
  };
}

const descriptive = {
  title: zOptionalText(PROGRAM_TITLE_MAX),
  description: zOptionalText(PROGRAM_DESCRIPTION_MAX),
  tags: z.preprocess((v) => v ?? [], zTags()),
  thumbnailId: z.preprocess(emptyToUndefined, z.uuid("field.thumbnailId").optional()),
};

const common = {
  programType: z.preprocess(upperOrUndefined, z.enum(ProgramType, "field.programType")),
  sourceId: z.preprocess(emptyToUndefined, z.string().max(100).optional()),
  /** PRERECORDED: seconds into the content where playing starts. */
  offset: z.preprocess((v) => emptyToUndefined(v) ?? 0, zInt().pipe(z.number().min(0))),
  ...descriptive,
};

/** An item of the day save: its own start and end (date-times in the caller's offset). */
export const savedProgram = z.preprocess(
  asSent,
  z.object({
    programId: z.preprocess(emptyToUndefined, z.string().max(100).optional()),
    startDate: zInstant(),
    endDate: zInstant(),
    ...common,
  }),
);

/** An item of the insert: timed by its place; `duration` in seconds (LIVE and BREAK; a PRERECORDED content's rest by default). */
export const insertedProgram = z.preprocess(
  asSent,
  z.object({ duration: z.preprocess(emptyToUndefined, zNumber().optional()), ...common }),
);

export const programList = <T extends z.ZodType>(item: T) => z.array(item, "field.required").max(MAX_DAY_PROGRAMS);

/** The descriptive fields of a program (program update; also what a save or insert may set). */
export const programDescriptiveFields = z.object({ ...descriptive, title: zText(PROGRAM_TITLE_MAX) });

type Sent = z.output<typeof insertedProgram>;

/** A program sent, placed at [startsAt, endsAt). */
export const planned = (p: Sent & { programId?: string }, startsAt: number, endsAt: number): PlannedProgram => ({
  programId: p.programId,
  itemType: p.programType,
  title: p.title ?? "",
  description: p.description,
  tags: p.tags,
  thumbnailId: p.thumbnailId,
  startsAt,
  endsAt,
  sourceId: p.sourceId,
  offsetSeconds: p.offset,
});
