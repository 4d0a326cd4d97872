// The addresses of the portal's analytics pages, relative to the instance's base URL.

/** The overview of all the creator's contents. */
export const ANALYTICS_PATH = "/analytics";
/** One of the creator's vods: its audience, retention, sources. */
export const vodAnalyticsPath = (vodId: string) => `/analytics/vods/${encodeURIComponent(vodId)}`;
/** One of the creator's live events: its peak and concurrent viewers. */
export const eventAnalyticsPath = (eventId: string) => `/analytics/live/${encodeURIComponent(eventId)}`;
