// The addresses of live pages, relative to the instance's base URL.

/** The public page of a live channel: its event on air, or a countdown to the next. */
export const liveChannelPath = (channelId: string) => `/live/${encodeURIComponent(channelId)}`;
/** The public page of one event (its replay once over). */
export const liveEventPath = (eventId: string) => `/live/events/${encodeURIComponent(eventId)}`;
/** The portal's page of a channel (details, events). */
export const liveChannelAdminPath = (channelId: string) => `/live/channels/${encodeURIComponent(channelId)}`;
/** The portal's Go-live panel of a channel (OBS settings, on-air, health: the ingest's page). */
export const goLivePath = (channelId: string) => `/live/channels/${encodeURIComponent(channelId)}/go-live`;
