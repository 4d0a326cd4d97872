import { dispatchRest } from "@/server/rest/dispatch";

// GET /asset/poster/vod/{vodId}[/{width}] - the pictures of public videos, no authentication (src/server/rest/routes/thumbnails.ts).
export const dynamic = "force-dynamic";

export const GET = dispatchRest;
// other methods: the JSON 405 of the route table, not Next's empty one
export const POST = dispatchRest;
export const PUT = dispatchRest;
export const PATCH = dispatchRest;
export const DELETE = dispatchRest;
