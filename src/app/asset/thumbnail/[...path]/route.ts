import { dispatchRest } from "@/server/rest/dispatch";

// GET /asset/thumbnail/{thumbnailId}[/{width}] - thumbnail images, no authentication (src/server/rest/routes/thumbnails.ts).
export const dynamic = "force-dynamic";

export const GET = dispatchRest;
