import { dispatchRest } from "@/server/rest/dispatch";

// GET /cast/{channelId}/stream.m3u8 - for IPTV apps, no token (src/server/rest/routes/cast-epg.ts).
export const dynamic = "force-dynamic";

export const GET = dispatchRest;
// other methods: the JSON 405 of the route table, not Next's empty one
export const POST = dispatchRest;
export const PUT = dispatchRest;
export const PATCH = dispatchRest;
export const DELETE = dispatchRest;
