import { route, untrusted, type RestCall } from "@/server/rest/route";
import { searchPageSchema } from "@/server/rest/render/box-item";
import { playResponse, playResultSchema, renderPlayResult } from "@/server/rest/render/play-result";
import { paymentInitiationSchema, renderPaymentInitiation } from "@/server/rest/render/payment-initiation";
import {
  channelSchema,
  eventSchema,
  ownEventItemSchema,
  publicChannelSchema,
  publicEventSchema,
  renderChannel,
  renderEvent,
  renderLiveResource,
  renderOwnEventItem,
} from "@/server/rest/render/live";
import { dateTimeIn, moneyIn } from "@/lib/wire";
import { createChannelInput } from "@/server/domain/live/create-channel";
import { getChannelInput } from "@/server/domain/live/get-channel";
import { updateChannelInput } from "@/server/domain/live/update-channel";
import { deleteChannelInput } from "@/server/domain/live/delete-channel";
import { searchChannelsInput, searchPublicChannelsInput } from "@/server/domain/live/search-channels";
import { streamPathInput } from "@/server/domain/live/stream-path";
import { playChannelInput, testChannelInput } from "@/server/domain/live/play-channel";
import { createEventInput } from "@/server/domain/live/create-event";
import { getEventInput } from "@/server/domain/live/get-event";
import { updateEventInput } from "@/server/domain/live/update-event";
import { deleteEventInput } from "@/server/domain/live/delete-event";
import { searchEventsInput, searchPublicEventsInput } from "@/server/domain/live/search-events";
import { playEventInput } from "@/server/domain/live/play-event";
import { payEventInput } from "@/server/domain/live/pay-event";

type Auth = "public" | "private";

/** Event create and update bodies: eventDate and endDate {date, time} in the caller's offset, pricePerView "2,50" / "2.50" / 2.5. */
const eventFieldsIn = ({ body, offsetMs }: Pick<RestCall, "body" | "offsetMs">) => ({
  ...body,
  eventDate: dateTimeIn(body.eventDate, offsetMs),
  endDate: dateTimeIn(body.endDate, offsetMs),
  pricePerView: moneyIn(body.pricePerView),
});

const channelOf = (auth: Auth) => (auth === "public" ? publicChannelSchema : channelSchema);
const eventOf = (auth: Auth) => (auth === "public" ? publicEventSchema : eventSchema);
const view = (auth: Auth, offsetMs: number) => ({ publicView: auth === "public", offsetMs });

/** Channel play on one of its two paths: the on-air event, or NOT_ON_AIR with the channel and its next event. */
const playChannelRoute = (path: string, auth: Auth) =>
  route({
    method: "POST",
    path,
    auth,
    status: 200,
    summary: auth === "public" ? "Play a live channel (public)" : "Play a live channel",
    requestSchema: playChannelInput,
    responseSchema: {
      ...playResultSchema({ oneOf: [eventOf(auth), channelOf(auth)], description: "the event on air; the channel when none is" }),
      description: "NOT_ON_AIR adds nextEvent, the channel's next event, when one is scheduled",
    },
    errors: [451, 503],
    handle: async ({ caller, params, body, lang, offsetMs }) => {
      const played = await caller.live.playChannel(untrusted({ ...body, channelId: params.channelId }));
      const rendered = renderPlayResult(played, renderLiveResource(played.resource, view(auth, offsetMs)), lang);
      const next = "nextEvent" in played ? played.nextEvent : undefined;
      return playResponse(played, next ? { ...rendered, nextEvent: renderEvent(next, view(auth, offsetMs)) } : rendered);
    },
  });

const playEventRoute = (path: string, auth: Auth) =>
  route({
    method: "POST",
    path,
    auth,
    status: 200,
    summary: auth === "public" ? "Play a live event (public)" : "Play a live event",
    requestSchema: playEventInput,
    responseSchema: playResultSchema(eventOf(auth)),
    errors: [451, 503],
    handle: async ({ caller, params, body, lang, offsetMs }) => {
      const played = await caller.live.playEvent(untrusted({ ...body, eventId: params.eventId }));
      return playResponse(played, renderPlayResult(played, renderEvent(played.resource, view(auth, offsetMs)), lang));
    },
  });

const payEventRoute = (path: string, auth: Auth) =>
  route({
    method: "POST",
    path,
    auth,
    status: 200,
    summary: auth === "public" ? "Buy a ticket to a live event (public)" : "Buy a ticket to a live event",
    requestSchema: payEventInput,
    responseSchema: paymentInitiationSchema(eventOf(auth)),
    errors: [451, 503],
    handle: async ({ caller, params, body, offsetMs }) => {
      const started = await caller.live.payEvent(untrusted({ ...body, eventId: params.eventId }));
      return renderPaymentInitiation(started, renderEvent(started.resource, view(auth, offsetMs)));
    },
  });

export const liveRoutes = [
  // POST /api/live/channel - a new channel (name, streamPath; description, public, thumbnailId, tags)
  route({
    method: "POST",
    path: "/api/live/channel",
    auth: "private",
    status: 201,
    summary: "Create a live channel",
    requestSchema: createChannelInput,
    responseSchema: channelSchema,
    handle: async ({ caller, body }) => renderChannel(await caller.live.createChannel(untrusted(body)), { publicView: false }),
  }),
  // GET /api/live/channel/{channelId} - one of the caller's channels
  route({
    method: "GET",
    path: "/api/live/channel/{channelId}",
    auth: "private",
    status: 200,
    summary: "Read a live channel",
    requestSchema: getChannelInput,
    responseSchema: channelSchema,
    handle: async ({ caller, params }) =>
      renderChannel(await caller.live.getChannel(untrusted({ channelId: params.channelId })), { publicView: false }),
  }),
  // GET /api/public/live/channel/{channelId} - a channel of an active creator, with its publisher
  route({
    method: "GET",
    path: "/api/public/live/channel/{channelId}",
    auth: "public",
    status: 200,
    summary: "Read a public live channel",
    requestSchema: getChannelInput,
    responseSchema: publicChannelSchema,
    errors: [451], // taken down (domain/admin)
    handle: async ({ caller, params }) =>
      renderChannel(await caller.live.getPublicChannel(untrusted({ channelId: params.channelId })), { publicView: true }),
  }),
  // POST /api/live/channel/{channelId} - the same fields as create
  route({
    method: "POST",
    path: "/api/live/channel/{channelId}",
    auth: "private",
    status: 200,
    summary: "Update a live channel",
    requestSchema: updateChannelInput,
    responseSchema: channelSchema,
    handle: async ({ caller, params, body }) =>
      renderChannel(await caller.live.updateChannel(untrusted({ ...body, channelId: params.channelId })), { publicView: false }),
  }),
  // DELETE /api/live/channel/{channelId} - 409 with the supplement's exception while it has events
  route({
    method: "DELETE",
    path: "/api/live/channel/{channelId}",
    auth: "private",
    status: 204,
    summary: "Delete a live channel",
    requestSchema: deleteChannelInput,
    errors: [409],
    handle: async ({ caller, params }) => caller.live.deleteChannel(untrusted({ channelId: params.channelId })),
  }),
  // POST /api/search/live/channels - the caller's channels (queryString, tags, public)
  route({
    method: "POST",
    path: "/api/search/live/channels",
    auth: "private",
    status: 200,
    summary: "Search the caller's live channels",
    requestSchema: searchChannelsInput,
    responseSchema: searchPageSchema(channelSchema),
    handle: async ({ caller, body }) => {
      const page = await caller.live.searchChannels(untrusted(body));
      return { ...page, items: page.items.map((c) => renderChannel(c, { publicView: false })) };
    },
  }),
  // POST /api/public/search/live/channels - the public channels (queryString, tags, userCode)
  route({
    method: "POST",
    path: "/api/public/search/live/channels",
    auth: "public",
    status: 200,
    summary: "Search public live channels",
    requestSchema: searchPublicChannelsInput,
    responseSchema: searchPageSchema(publicChannelSchema),
    handle: async ({ caller, body }) => {
      const page = await caller.live.searchPublicChannels(untrusted(body));
      return { ...page, items: page.items.map((c) => renderChannel(c, { publicView: true })) };
    },
  }),
  // GET /api/public/live/streampath?base=<name> - a free, URL-safe stream path built from a name
  route({
    method: "GET",
    path: "/api/public/live/streampath",
    auth: "public",
    status: 200,
    summary: "Generate a stream path",
    requestSchema: streamPathInput,
    responseSchema: { type: "object", required: ["streamPath"], properties: { streamPath: { type: "string" } } },
    handle: async ({ caller, query }) => caller.live.streamPath(untrusted({ base: query.get("base") ?? undefined })),
  }),
  // POST /api/live/channel/{channelId}/play, /api/public/live/channel/{channelId}/play - the event on air ({trackingId} of its ticket)
  playChannelRoute("/api/live/channel/{channelId}/play", "private"),
  playChannelRoute("/api/public/live/channel/{channelId}/play", "public"),
  // POST /api/live/channel/{channelId}/test - the owner's check of an encoder, resource the channel
  route({
    method: "POST",
    path: "/api/live/channel/{channelId}/test",
    auth: "private",
    status: 200,
    summary: "Test a live channel's encoder",
    requestSchema: testChannelInput,
    responseSchema: playResultSchema(channelSchema),
    handle: async ({ caller, params, lang }) => {
      const tested = await caller.live.testChannel(untrusted({ channelId: params.channelId }));
      return renderPlayResult(tested, renderChannel(tested.resource, { publicView: false }), lang);
    },
  }),
  // POST /api/live/channel/{channelId}/event - a new event of one of the caller's channels
  route({
    method: "POST",
    path: "/api/live/channel/{channelId}/event",
    auth: "private",
    status: 201,
    summary: "Create a live event",
    requestSchema: createEventInput,
    responseSchema: eventSchema,
    handle: async (call) =>
      renderEvent(
        await call.caller.live.createEvent(untrusted({ ...eventFieldsIn(call), channelId: call.params.channelId })),
        view("private", call.offsetMs),
      ),
  }),
  // GET /api/live/event/{eventId} - one of the caller's events
  route({
    method: "GET",
    path: "/api/live/event/{eventId}",
    auth: "private",
    status: 200,
    summary: "Read a live event",
    requestSchema: getEventInput,
    responseSchema: eventSchema,
    handle: async ({ caller, params, offsetMs }) =>
      renderEvent(await caller.live.getEvent(untrusted({ eventId: params.eventId })), view("private", offsetMs)),
  }),
  // GET /api/public/live/event/{eventId} - an event of an active creator, its channel with the publisher
  route({
    method: "GET",
    path: "/api/public/live/event/{eventId}",
    auth: "public",
    status: 200,
    summary: "Read a public live event",
    requestSchema: getEventInput,
    responseSchema: publicEventSchema,
    errors: [451], // taken down (domain/admin)
    handle: async ({ caller, params, offsetMs }) =>
      renderEvent(await caller.live.getPublicEvent(untrusted({ eventId: params.eventId })), view("public", offsetMs)),
  }),
  // POST /api/live/event/{eventId} - the same fields as create
  route({
    method: "POST",
    path: "/api/live/event/{eventId}",
    auth: "private",
    status: 200,
    summary: "Update a live event",
    requestSchema: updateEventInput,
    responseSchema: eventSchema,
    handle: async (call) =>
      renderEvent(
        await call.caller.live.updateEvent(untrusted({ ...eventFieldsIn(call), eventId: call.params.eventId })),
        view("private", call.offsetMs),
      ),
  }),
  // DELETE /api/live/event/{eventId}
  route({
    method: "DELETE",
    path: "/api/live/event/{eventId}",
    auth: "private",
    status: 204,
    summary: "Delete a live event",
    requestSchema: deleteEventInput,
    errors: [409],
    handle: async ({ caller, params }) => caller.live.deleteEvent(untrusted({ eventId: params.eventId })),
  }),
  // POST /api/search/live/events - the caller's events (channelId, public, recorded, pastIncluded, conditions.licenseType)
  route({
    method: "POST",
    path: "/api/search/live/events",
    auth: "private",
    status: 200,
    summary: "Search the caller's live events",
    requestSchema: searchEventsInput,
    responseSchema: searchPageSchema(ownEventItemSchema),
    handle: async ({ caller, body, offsetMs }) => {
      const page = await caller.live.searchEvents(untrusted(body));
      return { ...page, items: page.items.map((e) => renderOwnEventItem(e, offsetMs)) };
    },
  }),
  // POST /api/public/search/live/events - the listed events of public channels (userCode, channelId, conditions.licenseType)
  route({
    method: "POST",
    path: "/api/public/search/live/events",
    auth: "public",
    status: 200,
    summary: "Search public live events",
    requestSchema: searchPublicEventsInput,
    responseSchema: searchPageSchema(publicEventSchema),
    handle: async ({ caller, body, offsetMs }) => {
      const page = await caller.live.searchPublicEvents(untrusted(body));
      return { ...page, items: page.items.map((e) => renderEvent(e, view("public", offsetMs))) };
    },
  }),
  // POST /api/live/event/{eventId}/play, /api/public/live/event/{eventId}/play - {trackingId} after buying a ticket
  playEventRoute("/api/live/event/{eventId}/play", "private"),
  playEventRoute("/api/public/live/event/{eventId}/play", "public"),
  // POST /api/live/event/{eventId}/pay, /api/public/live/event/{eventId}/pay - open the payment of a ticket
  payEventRoute("/api/live/event/{eventId}/pay", "private"),
  payEventRoute("/api/public/live/event/{eventId}/pay", "public"),
];
