import type { LiveChannelView } from "@/server/domain/live/channel-view";
import type { LiveEventView } from "@/server/domain/live/event-view";
import type { OwnEventItem } from "@/server/domain/live/search-events";
import { formatDateTime, formatMoney, omitEmpty } from "@/lib/wire";
import { publicUserSchema, renderPublicUser } from "./public-user";

// The document's Live channel and Live event. Private views: the channel with streamingBaseUrl,
// streamPath and public; the event with publicEvent and recordEvent. Public views (paths under
// /api/public/): the channel with its publisher instead, the event without the two flags.
// Date-times in the caller's X-Service-timezone offset.

export type LiveView = { publicView: boolean; offsetMs: number };

export function renderChannel(c: LiveChannelView, view: Pick<LiveView, "publicView">) {
  return omitEmpty({
    channelId: c.channelId,
    name: c.name,
    description: c.description,
    ...(view.publicView
      ? { publisher: renderPublicUser(c.publisher) }
      : { streamingBaseUrl: c.streamingBaseUrl, streamPath: c.streamPath, public: c.public }),
    thumbnailId: c.thumbnailId,
    tags: c.tags.length ? c.tags : undefined,
  });
}

export function renderEvent(e: LiveEventView, view: LiveView) {
  return omitEmpty({
    eventId: e.eventId,
    name: e.name,
    description: e.description,
    channel: renderChannel(e.channel, view),
    paymentMode: e.paymentMode,
    pricePerView: e.pricePerViewCents === undefined ? undefined : formatMoney(e.pricePerViewCents),
    eventDate: formatDateTime(e.startsAt, view.offsetMs),
    endDate: formatDateTime(e.endsAt, view.offsetMs),
    onAir: e.onAir,
    ...(view.publicView ? {} : { publicEvent: e.publicEvent, recordEvent: e.recordEvent }),
    thumbnailId: e.thumbnailId,
    tags: e.tags.length ? e.tags : undefined,
  });
}

/** An item of the private event search: the event and the owner's play address of its channel. */
export function renderOwnEventItem(e: OwnEventItem, offsetMs: number) {
  return {
    ...renderEvent(e, { publicView: false, offsetMs }),
    myPlayHlsUrl: e.myPlay.url,
    playUrlExpireDate: formatDateTime(e.myPlay.expiresAt, offsetMs),
  };
}

/** A play result's resource: an event, or (nothing on air, the test) a channel. */
export function renderLiveResource(resource: LiveEventView | LiveChannelView, view: LiveView) {
  return "eventId" in resource ? renderEvent(resource, view) : renderChannel(resource, view);
}

// --- OpenAPI ---

export const DATE_TIME = {
  type: "object",
  description: "in the X-Service-timezone offset (UTC without the header)",
  required: ["date", "time"],
  properties: { date: { type: "string", format: "dd/MM/yyyy" }, time: { type: "string", format: "HH:mm:ss" } },
};
const tags = { type: "array", items: { type: "string" } };

const channelCommon = {
  channelId: { type: "string" },
  name: { type: "string" },
  description: { type: "string" },
  thumbnailId: { type: "string" },
  tags,
};

export const channelSchema: Record<string, unknown> = {
  type: "object",
  required: ["channelId", "name", "streamingBaseUrl", "streamPath", "public"],
  properties: {
    ...channelCommon,
    streamingBaseUrl: {
      type: "string",
      examples: ["rtmp://kinora.example:1935/live"],
      description: "publish to {streamingBaseUrl}/{streamPath}",
    },
    streamPath: { type: "string" },
    public: { type: "boolean", description: "listed in public pages (its events too)" },
  },
};

export const publicChannelSchema: Record<string, unknown> = {
  type: "object",
  required: ["channelId", "name", "publisher"],
  properties: { ...channelCommon, publisher: publicUserSchema },
};

const eventProperties = (channel: Record<string, unknown>) => ({
  eventId: { type: "string" },
  name: { type: "string" },
  description: { type: "string" },
  channel,
  paymentMode: { type: "string", enum: ["FREE", "PAY_PER_VIEW"] },
  pricePerView: { type: "string", examples: ["4,90"], description: "PAY_PER_VIEW only: the ticket's price" },
  eventDate: { ...DATE_TIME, description: "start (included), in the X-Service-timezone offset" },
  endDate: { ...DATE_TIME, description: "end (excluded), in the X-Service-timezone offset" },
  onAir: { type: "boolean", description: "now is inside [eventDate, endDate)" },
  thumbnailId: { type: "string" },
  tags,
});
const eventRequired = ["eventId", "name", "channel", "paymentMode", "eventDate", "endDate", "onAir"];

export const eventSchema: Record<string, unknown> = {
  type: "object",
  required: [...eventRequired, "publicEvent", "recordEvent"],
  properties: {
    ...eventProperties(channelSchema),
    publicEvent: { type: "boolean", description: "listed in public pages" },
    recordEvent: { type: "boolean", description: "recorded into the owner's box (the replay)" },
  },
};

export const publicEventSchema: Record<string, unknown> = {
  type: "object",
  required: eventRequired,
  properties: eventProperties(publicChannelSchema),
};

export const ownEventItemSchema: Record<string, unknown> = {
  ...eventSchema,
  required: [...(eventSchema.required as string[]), "myPlayHlsUrl", "playUrlExpireDate"],
  properties: {
    ...(eventSchema.properties as Record<string, unknown>),
    myPlayHlsUrl: { type: "string", format: "uri", description: "the owner's signed HLS address of the event's channel" },
    playUrlExpireDate: { ...DATE_TIME, description: "when myPlayHlsUrl stops working" },
  },
};
