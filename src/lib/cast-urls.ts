// The addresses of cast pages, relative to the instance's base URL.

/** The public page of a cast channel: its player, now and next, the day's guide. */
export const castChannelPath = (channelId: string) => `/cast/${encodeURIComponent(channelId)}`;
/** The portal's page of a channel (details, lock, preview, month calendar). */
export const castChannelAdminPath = (channelId: string) => `/cast/channels/${encodeURIComponent(channelId)}`;
/** The portal's day editor of a channel; `day` is yyyy-MM-dd. */
export const castDayPath = (channelId: string, day: string) => `/cast/channels/${encodeURIComponent(channelId)}/days/${day}`;
/** The channel's stable stream address for IPTV apps (302 to a freshly signed master playlist). */
export const castStreamUrlPath = (channelId: string) => `${castChannelPath(channelId)}/stream.m3u8`;
/** The channel's guide as XMLTV. */
export const castXmltvPath = (channelId: string) => `${castChannelPath(channelId)}/xmltv.xml`;
