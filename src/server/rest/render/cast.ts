import type { CastChannelView, CastStreamView } from "@/server/domain/cast/cast-views";
import type { CalendarDay, DailyProgrammingView } from "@/server/domain/cast/daily-programming";
import type { ProgramView } from "@/server/domain/cast/program-view";
import { formatDate, formatDateTime, omitEmpty } from "@/lib/wire";
import { contentFieldProperties, contentFieldsRequired, renderContentFields } from "./content-fields";
import { DATE_TIME } from "./live";
import { publicUserSchema, renderPublicUser } from "./public-user";

// The document's Cast channel, Cast stream, Cast program and Daily programming. Private views: the
// channel with streamingBaseUrl and streamPath, a LIVE program's stream whole. Public views (paths
// under /api/public/): the channel with its publisher instead, the stream without its publishing
// address. Date-times in the caller's X-Service-timezone offset.

export type CastView = { publicView: boolean; offsetMs: number };

const tagsOf = (tags: string[]) => (tags.length ? tags : undefined);

export function renderCastChannel(c: CastChannelView, view: Pick<CastView, "publicView">) {
  return omitEmpty({
    channelId: c.channelId,
    name: c.name,
    description: c.description,
    locked: c.locked,
    ...(view.publicView
      ? { publisher: renderPublicUser(c.publisher) }
      : { streamingBaseUrl: c.streamingBaseUrl, streamPath: c.streamPath }),
    thumbnailId: c.thumbnailId,
    tags: tagsOf(c.tags),
  });
}

export function renderCastStream(s: CastStreamView, view: Pick<CastView, "publicView">) {
  return omitEmpty({
    streamId: s.streamId,
    name: s.name,
    description: s.description,
    ...(view.publicView ? {} : { streamingBaseUrl: s.streamingBaseUrl, streamPath: s.streamPath }),
    thumbnailId: s.thumbnailId,
    tags: tagsOf(s.tags),
  });
}

/** A program; `withChannel` adds its channel (public reads and the program search). */
export function renderProgram(p: ProgramView, view: CastView & { withChannel?: boolean }) {
  return omitEmpty({
    programId: p.programId,
    title: p.title,
    description: p.description,
    startDate: formatDateTime(p.startsAt, view.offsetMs),
    endDate: formatDateTime(p.endsAt, view.offsetMs),
    itemType: p.itemType,
    thumbnailId: p.thumbnailId,
    tags: tagsOf(p.tags),
    boxContent: p.boxContent && renderContentFields(p.boxContent),
    offset: p.offsetSeconds,
    watchUrl: p.watchUrl,
    stream: p.stream && renderCastStream(p.stream, view),
    channel: view.withChannel ? renderCastChannel(p.channel, view) : undefined,
  });
}

/** A program of a day: a BREAK entry has startDate, endDate, title and itemType only (the document). */
function renderDayProgram(p: ProgramView, view: CastView) {
  if (p.itemType !== "BREAK") return renderProgram(p, view);
  return {
    startDate: formatDateTime(p.startsAt, view.offsetMs),
    endDate: formatDateTime(p.endsAt, view.offsetMs),
    title: p.title,
    itemType: p.itemType,
  };
}

/** A day's date in the caller's offset: dd/MM/yyyy. */
const targetDate = (dayStart: Date, offsetMs: number) => formatDate(new Date(dayStart.getTime() + offsetMs));

export function renderDailyProgramming(d: DailyProgrammingView, view: CastView) {
  const first = d.programs[0];
  const last = d.programs.at(-1);
  return omitEmpty({
    programsCount: d.programs.length,
    channel: renderCastChannel(d.channel, view),
    targetDate: targetDate(d.dayStart, view.offsetMs),
    startDateMin: first && formatDateTime(first.startsAt, view.offsetMs),
    endDateMax: last && formatDateTime(last.endsAt, view.offsetMs),
    programs: d.programs.map((p) => renderDayProgram(p, view)),
  });
}

export function renderCalendar(days: CalendarDay[], offsetMs: number) {
  const view = { publicView: false, offsetMs };
  return {
    dailyProgrammings: days.map((d) => ({
      targetDate: targetDate(d.dayStart, offsetMs),
      programs: d.programs.map((p) => renderDayProgram(p, view)),
    })),
  };
}

// --- OpenAPI ---

const tags = { type: "array", items: { type: "string" } };
const common = { name: { type: "string" }, description: { type: "string" }, thumbnailId: { type: "string" }, tags };

export const castChannelSchema: Record<string, unknown> = {
  type: "object",
  required: ["channelId", "name", "locked", "streamingBaseUrl", "streamPath"],
  properties: {
    channelId: { type: "string" },
    ...common,
    locked: { type: "boolean", description: "while true, every change of the channel's programming is a 409" },
    streamingBaseUrl: { type: "string", description: "where the channel's output is served: {streamingBaseUrl}/{streamPath}" },
    streamPath: { type: "string" },
  },
};

export const publicCastChannelSchema: Record<string, unknown> = {
  type: "object",
  required: ["channelId", "name", "locked", "publisher"],
  properties: { channelId: { type: "string" }, ...common, locked: { type: "boolean" }, publisher: publicUserSchema },
};

export const castStreamSchema: Record<string, unknown> = {
  type: "object",
  required: ["streamId", "name", "streamingBaseUrl", "streamPath"],
  properties: {
    streamId: { type: "string" },
    ...common,
    streamingBaseUrl: {
      type: "string",
      examples: ["rtmp://kinora.example:1935/live"],
      description: "publish to {streamingBaseUrl}/{streamPath}",
    },
    streamPath: { type: "string" },
  },
};

const programProperties = {
  programId: { type: "string" },
  title: { type: "string" },
  description: { type: "string" },
  startDate: { ...DATE_TIME, description: "start (included), in the X-Service-timezone offset" },
  endDate: { ...DATE_TIME, description: "end (excluded), in the X-Service-timezone offset" },
  itemType: { type: "string", enum: ["PRERECORDED", "LIVE", "BREAK"] },
  thumbnailId: { type: "string" },
  tags,
  boxContent: {
    type: "object",
    required: contentFieldsRequired,
    properties: contentFieldProperties,
    description: "PRERECORDED: the content played",
  },
  offset: { type: "integer", description: "PRERECORDED: seconds into the content where playing starts" },
  watchUrl: {
    type: "string",
    format: "uri",
    description: "PRERECORDED of a content published as a vod: its watch page (catch-up; not in the interface document)",
  },
  stream: {
    ...castStreamSchema,
    required: ["streamId", "name"],
    description: "LIVE: the cast stream relayed (public views: no publishing address)",
  },
};

export const programSchema: Record<string, unknown> = {
  type: "object",
  required: ["programId", "title", "startDate", "endDate", "itemType"],
  properties: programProperties,
};

export const publicProgramSchema: Record<string, unknown> = {
  ...programSchema,
  required: [...(programSchema.required as string[]), "channel"],
  properties: { ...programProperties, channel: publicCastChannelSchema },
};

const dayProgramSchema = {
  ...programSchema,
  required: ["startDate", "endDate", "title", "itemType"],
  description: "a BREAK has startDate, endDate, title, itemType only",
};

export const dailyProgrammingSchema = (channel: Record<string, unknown>): Record<string, unknown> => ({
  type: "object",
  required: ["programsCount", "channel", "targetDate", "programs"],
  properties: {
    programsCount: { type: "integer" },
    channel,
    targetDate: { type: "string", format: "dd/MM/yyyy" },
    startDateMin: { ...DATE_TIME, description: "the first program's start (absent for an empty day)" },
    endDateMax: { ...DATE_TIME, description: "the last program's end (absent for an empty day)" },
    programs: { type: "array", items: dayProgramSchema },
  },
});

export const calendarSchema: Record<string, unknown> = {
  type: "object",
  required: ["dailyProgrammings"],
  properties: {
    dailyProgrammings: {
      type: "array",
      items: {
        type: "object",
        required: ["targetDate", "programs"],
        properties: { targetDate: { type: "string", format: "dd/MM/yyyy" }, programs: { type: "array", items: dayProgramSchema } },
      },
    },
  },
};
