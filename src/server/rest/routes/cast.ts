import { route, untrusted, type RestCall } from "@/server/rest/route";
import { searchPageSchema } from "@/server/rest/render/box-item";
import { playResponse, playResultSchema, renderPlayResult } from "@/server/rest/render/play-result";
import {
  calendarSchema,
  castChannelSchema,
  castStreamSchema,
  dailyProgrammingSchema,
  programSchema,
  publicCastChannelSchema,
  publicProgramSchema,
  renderCalendar,
  renderCastChannel,
  renderCastStream,
  renderDailyProgramming,
  renderProgram,
} from "@/server/rest/render/cast";
import { dateIn, dateTimeIn } from "@/lib/wire";
import { streamPathInput } from "@/server/domain/live/stream-path";
import { castChannelIdInput, createCastChannelInput, updateCastChannelInput } from "@/server/domain/cast/cast-channels";
import { castStreamIdInput, createCastStreamInput, updateCastStreamInput } from "@/server/domain/cast/cast-streams";
import {
  searchCastChannelsInput,
  searchCastStreamsInput,
  searchProgramsInput,
  searchPublicCastChannelsInput,
} from "@/server/domain/cast/cast-search";
import { programIdInput, updateProgramInput } from "@/server/domain/cast/programs";
import { dayInput } from "@/server/domain/cast/daily-programming";
import { insertProgramsInput, moveProgramInput, saveDayInput } from "@/server/domain/cast/day-writes";
import { calendarInput, copyCalendarInput, deleteDayInput } from "@/server/domain/cast/calendar";
import { playCastChannelInput, testCastChannelInput, testCastStreamInput } from "@/server/domain/cast/play-channel";

// Cast channels, streams, programs, and the supplement's daily programming, calendar, copy and
// program search. Days are the caller's: a path day yyyyMMdd runs from its 00:00:00 in the
// X-Service-timezone offset (UTC without the header), and date-times are read and written in it.

const PRIVATE = { publicView: false };
const PUBLIC = { publicView: true };

/** The path's day of a channel, in the caller's offset. */
const dayOf = ({ params, offsetMs }: Pick<RestCall, "params" | "offsetMs">) => ({
  channelId: params.channelId,
  date: params.yyyyMMdd ?? params.date,
  offsetMs,
});

/** A save's programs: their {date, time} read in the caller's offset. */
const savedProgramsIn = ({ body, offsetMs }: Pick<RestCall, "body" | "offsetMs">) =>
  Array.isArray(body.programs)
    ? body.programs.map((p: unknown) =>
        p && typeof p === "object"
          ? {
              ...p,
              startDate: dateTimeIn((p as Record<string, unknown>).startDate, offsetMs),
              endDate: dateTimeIn((p as Record<string, unknown>).endDate, offsetMs),
            }
          : p,
      )
    : body.programs;

const dayRoute = (
  method: "GET" | "POST",
  path: string,
  summary: string,
  requestSchema: typeof dayInput,
  handle: (call: RestCall) => Promise<unknown>,
) =>
  route({
    method,
    path,
    auth: "private",
    status: 200,
    summary,
    requestSchema,
    responseSchema: dailyProgrammingSchema(castChannelSchema),
    errors: [409],
    handle,
  });

/** Program search on its two paths: with a segment (onair, upcoming, past, all) and without. */
const searchProgramsRoute = (path: string) =>
  route({
    method: "POST",
    path,
    auth: "public",
    status: 200,
    summary: path.endsWith("{segment}") ? "Search cast programs of a segment" : "Search cast programs that end after now",
    requestSchema: searchProgramsInput,
    responseSchema: searchPageSchema(publicProgramSchema),
    handle: async ({ caller, params, body, offsetMs }) => {
      const page = await caller.cast.searchPrograms(untrusted({ ...body, segment: params.segment }));
      return { ...page, items: page.items.map((p) => renderProgram(p, { publicView: true, offsetMs, withChannel: true })) };
    },
  });

/**
 * Channel play on its two paths: the channel's output, resource the channel as the caller may see it
 * (the public view; the owner's private view on the private path).
 */
const playChannelRoute = (path: string, auth: "public" | "private") =>
  route({
    method: "POST",
    path,
    auth,
    status: 200,
    summary: auth === "public" ? "Play a cast channel (public)" : "Play a cast channel",
    requestSchema: playCastChannelInput,
    responseSchema: playResultSchema(auth === "public" ? publicCastChannelSchema : { oneOf: [castChannelSchema, publicCastChannelSchema] }),
    errors: [451], // taken down (domain/admin)
    handle: async ({ caller, params, body, lang }) => {
      const played = await caller.cast.playChannel(untrusted({ ...body, channelId: params.channelId }));
      const view = auth === "private" && played.own ? PRIVATE : PUBLIC;
      return playResponse(played, renderPlayResult(played, renderCastChannel(played.resource, view), lang));
    },
  });

export const castRoutes = [
  // POST /api/cast/channel - a new channel (name, streamPath; description, thumbnailId, tags, locked)
  route({
    method: "POST",
    path: "/api/cast/channel",
    auth: "private",
    status: 201,
    summary: "Create a cast channel",
    requestSchema: createCastChannelInput,
    responseSchema: castChannelSchema,
    handle: async ({ caller, body }) => renderCastChannel(await caller.cast.createChannel(untrusted(body)), PRIVATE),
  }),
  route({
    method: "GET",
    path: "/api/cast/channel/{channelId}",
    auth: "private",
    status: 200,
    summary: "Read a cast channel",
    requestSchema: castChannelIdInput,
    responseSchema: castChannelSchema,
    handle: async ({ caller, params }) =>
      renderCastChannel(await caller.cast.getChannel(untrusted({ channelId: params.channelId })), PRIVATE),
  }),
  route({
    method: "GET",
    path: "/api/public/cast/channel/{channelId}",
    auth: "public",
    status: 200,
    summary: "Read a public cast channel",
    requestSchema: castChannelIdInput,
    responseSchema: publicCastChannelSchema,
    errors: [451], // taken down (domain/admin)
    handle: async ({ caller, params }) =>
      renderCastChannel(await caller.cast.getPublicChannel(untrusted({ channelId: params.channelId })), PUBLIC),
  }),
  // POST /api/cast/channel/{channelId}/play, /api/public/cast/channel/{channelId}/play - the channel as it airs
  playChannelRoute("/api/cast/channel/{channelId}/play", "private"),
  playChannelRoute("/api/public/cast/channel/{channelId}/play", "public"),
  // POST /api/cast/channel/{channelId}/test - the owner's preview of the channel's output
  route({
    method: "POST",
    path: "/api/cast/channel/{channelId}/test",
    auth: "private",
    status: 200,
    summary: "Preview a cast channel's output",
    requestSchema: testCastChannelInput,
    responseSchema: playResultSchema(castChannelSchema),
    handle: async ({ caller, params, lang }) => {
      const tested = await caller.cast.testChannel(untrusted({ channelId: params.channelId }));
      return renderPlayResult(tested, renderCastChannel(tested.resource, PRIVATE), lang);
    },
  }),
  // POST /api/cast/channel/{channelId} - the whole channel posted back: sets and clears `locked`
  route({
    method: "POST",
    path: "/api/cast/channel/{channelId}",
    auth: "private",
    status: 200,
    summary: "Update a cast channel (lock and unlock its programming)",
    requestSchema: updateCastChannelInput,
    responseSchema: castChannelSchema,
    handle: async ({ caller, params, body }) =>
      renderCastChannel(await caller.cast.updateChannel(untrusted({ ...body, channelId: params.channelId })), PRIVATE),
  }),
  route({
    method: "DELETE",
    path: "/api/cast/channel/{channelId}",
    auth: "private",
    status: 204,
    summary: "Delete a cast channel and its programming",
    requestSchema: castChannelIdInput,
    handle: async ({ caller, params }) => caller.cast.deleteChannel(untrusted({ channelId: params.channelId })),
  }),
  route({
    method: "POST",
    path: "/api/search/cast/channels",
    auth: "private",
    status: 200,
    summary: "Search the caller's cast channels",
    requestSchema: searchCastChannelsInput,
    responseSchema: searchPageSchema(castChannelSchema),
    handle: async ({ caller, body }) => {
      const page = await caller.cast.searchChannels(untrusted(body));
      return { ...page, items: page.items.map((c) => renderCastChannel(c, PRIVATE)) };
    },
  }),
  route({
    method: "POST",
    path: "/api/public/search/cast/channels",
    auth: "public",
    status: 200,
    summary: "Search cast channels",
    requestSchema: searchPublicCastChannelsInput,
    responseSchema: searchPageSchema(publicCastChannelSchema),
    handle: async ({ caller, body }) => {
      const page = await caller.cast.searchPublicChannels(untrusted(body));
      return { ...page, items: page.items.map((c) => renderCastChannel(c, PUBLIC)) };
    },
  }),
  // GET /api/public/cast/streampath?base=<name> - as the live one: free among channels and streams
  route({
    method: "GET",
    path: "/api/public/cast/streampath",
    auth: "public",
    status: 200,
    summary: "Generate a cast stream path",
    requestSchema: streamPathInput,
    responseSchema: { type: "object", required: ["streamPath"], properties: { streamPath: { type: "string" } } },
    handle: async ({ caller, query }) => caller.cast.streamPath(untrusted({ base: query.get("base") ?? undefined })),
  }),
  route({
    method: "POST",
    path: "/api/cast/stream",
    auth: "private",
    status: 201,
    summary: "Create a cast stream",
    requestSchema: createCastStreamInput,
    responseSchema: castStreamSchema,
    handle: async ({ caller, body }) => renderCastStream(await caller.cast.createStream(untrusted(body)), PRIVATE),
  }),
  route({
    method: "GET",
    path: "/api/cast/stream/{streamId}",
    auth: "private",
    status: 200,
    summary: "Read a cast stream",
    requestSchema: castStreamIdInput,
    responseSchema: castStreamSchema,
    handle: async ({ caller, params }) => renderCastStream(await caller.cast.getStream(untrusted({ streamId: params.streamId })), PRIVATE),
  }),
  route({
    method: "POST",
    path: "/api/cast/stream/{streamId}",
    auth: "private",
    status: 200,
    summary: "Update a cast stream",
    requestSchema: updateCastStreamInput,
    responseSchema: castStreamSchema,
    handle: async ({ caller, params, body }) =>
      renderCastStream(await caller.cast.updateStream(untrusted({ ...body, streamId: params.streamId })), PRIVATE),
  }),
  // DELETE /api/cast/stream/{streamId} - 409 with the supplement's exception while LIVE programs play it
  route({
    method: "DELETE",
    path: "/api/cast/stream/{streamId}",
    auth: "private",
    status: 204,
    summary: "Delete a cast stream",
    requestSchema: castStreamIdInput,
    errors: [409],
    handle: async ({ caller, params }) => caller.cast.deleteStream(untrusted({ streamId: params.streamId })),
  }),
  // POST /api/cast/stream/{streamId}/test - the owner's check of an encoder publishing to the stream
  route({
    method: "POST",
    path: "/api/cast/stream/{streamId}/test",
    auth: "private",
    status: 200,
    summary: "Test a cast stream's encoder",
    requestSchema: testCastStreamInput,
    responseSchema: playResultSchema(castStreamSchema),
    handle: async ({ caller, params, lang }) => {
      const tested = await caller.cast.testStream(untrusted({ streamId: params.streamId }));
      return renderPlayResult(tested, renderCastStream(tested.resource, PRIVATE), lang);
    },
  }),
  route({
    method: "POST",
    path: "/api/search/cast/streams",
    auth: "private",
    status: 200,
    summary: "Search the caller's cast streams",
    requestSchema: searchCastStreamsInput,
    responseSchema: searchPageSchema(castStreamSchema),
    handle: async ({ caller, body }) => {
      const page = await caller.cast.searchStreams(untrusted(body));
      return { ...page, items: page.items.map((s) => renderCastStream(s, PRIVATE)) };
    },
  }),
  route({
    method: "GET",
    path: "/api/cast/program/{programId}",
    auth: "private",
    status: 200,
    summary: "Read a cast program",
    requestSchema: programIdInput,
    responseSchema: programSchema,
    handle: async ({ caller, params, offsetMs }) =>
      renderProgram(await caller.cast.getProgram(untrusted({ programId: params.programId })), { publicView: false, offsetMs }),
  }),
  route({
    method: "GET",
    path: "/api/public/cast/program/{programId}",
    auth: "public",
    status: 200,
    summary: "Read a public cast program with its channel",
    requestSchema: programIdInput,
    responseSchema: publicProgramSchema,
    errors: [451], // taken down (domain/admin)
    handle: async ({ caller, params, offsetMs }) =>
      renderProgram(await caller.cast.getPublicProgram(untrusted({ programId: params.programId })), {
        publicView: true,
        offsetMs,
        withChannel: true,
      }),
  }),
  // POST /api/cast/program/{programId} - title, description, thumbnailId, tags only; 409 while locked
  route({
    method: "POST",
    path: "/api/cast/program/{programId}",
    auth: "private",
    status: 200,
    summary: "Update a cast program's descriptive data",
    requestSchema: updateProgramInput,
    responseSchema: programSchema,
    errors: [409],
    handle: async ({ caller, params, body, offsetMs }) =>
      renderProgram(await caller.cast.updateProgram(untrusted({ ...body, programId: params.programId })), { publicView: false, offsetMs }),
  }),
  searchProgramsRoute("/api/public/search/cast/programs/{segment}"),
  searchProgramsRoute("/api/public/search/cast/programs"),
  dayRoute("GET", "/api/cast/channel/{channelId}/dailyprogramming/{date}", "Read a day of a cast channel", dayInput, async (call) =>
    renderDailyProgramming(await call.caller.cast.getDay(untrusted(dayOf(call))), { publicView: false, offsetMs: call.offsetMs }),
  ),
  // POST .../dailyprogramming/{yyyyMMdd} {programs} - replaces the day; 409 naming the broken rule
  dayRoute(
    "POST",
    "/api/cast/channel/{channelId}/dailyprogramming/{yyyyMMdd}",
    "Save a day of a cast channel",
    saveDayInput,
    async (call) =>
      renderDailyProgramming(await call.caller.cast.saveDay(untrusted({ ...dayOf(call), programs: savedProgramsIn(call) })), {
        publicView: false,
        offsetMs: call.offsetMs,
      }),
  ),
  // POST .../insert {index?, items} or a bare array of items (appended)
  dayRoute(
    "POST",
    "/api/cast/channel/{channelId}/dailyprogramming/{yyyyMMdd}/insert",
    "Insert programs into a day",
    insertProgramsInput,
    async (call) => {
      const body = Array.isArray(call.body) ? { items: call.body } : call.body;
      const day = await call.caller.cast.insertPrograms(untrusted({ ...body, ...dayOf(call) }));
      return renderDailyProgramming(day, { publicView: false, offsetMs: call.offsetMs });
    },
  ),
  dayRoute(
    "POST",
    "/api/cast/channel/{channelId}/dailyprogramming/{yyyyMMdd}/move",
    "Move a program within a day",
    moveProgramInput,
    async (call) =>
      renderDailyProgramming(await call.caller.cast.moveProgram(untrusted({ ...call.body, ...dayOf(call) })), {
        publicView: false,
        offsetMs: call.offsetMs,
      }),
  ),
  route({
    method: "DELETE",
    path: "/api/cast/channel/{channelId}/dailyprogramming/{yyyyMMdd}",
    auth: "private",
    status: 204,
    summary: "Remove every program of a day",
    requestSchema: deleteDayInput,
    errors: [409],
    handle: async (call) => call.caller.cast.deleteDay(untrusted(dayOf(call))),
  }),
  route({
    method: "GET",
    path: "/api/public/cast/channel/{channelId}/dailyprogramming/{yyyyMMdd}",
    auth: "public",
    status: 200,
    summary: "Read a day of a public cast channel",
    requestSchema: dayInput,
    responseSchema: dailyProgrammingSchema(publicCastChannelSchema),
    errors: [451], // taken down (domain/admin)
    handle: async (call) =>
      renderDailyProgramming(await call.caller.cast.getPublicDay(untrusted(dayOf(call))), { publicView: true, offsetMs: call.offsetMs }),
  }),
  route({
    method: "GET",
    path: "/api/cast/channel/{channelId}/calendar/{yyyyMMdd}/{dayCount}",
    auth: "private",
    status: 200,
    summary: "Read dayCount days of a cast channel (a month view: 42)",
    requestSchema: calendarInput,
    responseSchema: calendarSchema,
    handle: async (call) =>
      renderCalendar(await call.caller.cast.getCalendar(untrusted({ ...dayOf(call), dayCount: call.params.dayCount })), call.offsetMs),
  }),
  route({
    method: "DELETE",
    path: "/api/cast/channel/{channelId}/calendar/{yyyyMMdd}/{dayCount}",
    auth: "private",
    status: 204,
    summary: "Remove every program of dayCount days",
    requestSchema: calendarInput,
    errors: [409],
    handle: async (call) => call.caller.cast.deleteCalendar(untrusted({ ...dayOf(call), dayCount: call.params.dayCount })),
  }),
  // POST /api/cast/calendar/copy - dates dd/MM/yyyy in the caller's offset
  route({
    method: "POST",
    path: "/api/cast/calendar/copy",
    auth: "private",
    status: 200,
    summary: "Repeat a range of days over another range",
    requestSchema: copyCalendarInput,
    responseSchema: {
      type: "object",
      required: ["programsCount"],
      properties: { programsCount: { type: "integer", description: "programs written" } },
    },
    errors: [409],
    handle: async ({ caller, body, offsetMs }) =>
      caller.cast.copyCalendar(
        untrusted({ ...body, sourceStartDate: dateIn(body.sourceStartDate), destStartDate: dateIn(body.destStartDate), offsetMs }),
      ),
  }),
];
