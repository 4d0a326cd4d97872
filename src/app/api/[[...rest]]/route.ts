import { dispatchRest } from "@/server/rest/dispatch";

// The documented REST interface: every /api path (also /api itself: an unknown path is a JSON 404) is dispatched by src/server/rest.
export const dynamic = "force-dynamic";

export const GET = dispatchRest;
export const POST = dispatchRest;
export const DELETE = dispatchRest;
export const PUT = dispatchRest;
export const PATCH = dispatchRest;
// CORS preflights (src/server/rest/cors.ts)
export const OPTIONS = dispatchRest;
