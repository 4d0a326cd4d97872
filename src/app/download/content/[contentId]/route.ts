import { dispatchRest } from "@/server/rest/dispatch";

// GET /download/content/{contentId}?token= - the original file of a box item (src/server/rest/routes/box.ts).
export const dynamic = "force-dynamic";

export const GET = dispatchRest;
// other methods: the JSON 405 of the route table, not Next's empty one
export const POST = dispatchRest;
export const PUT = dispatchRest;
export const PATCH = dispatchRest;
export const DELETE = dispatchRest;

// HEAD would run GET and spend the single-use token: refused (download managers then GET).
export function HEAD(): Response {
  return new Response(null, { status: 405, headers: { Allow: "GET" } });
}
