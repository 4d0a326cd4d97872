import { route } from "@/server/rest/route";

export const metaRoutes = [
  // GET /api/public/openapi.json - the OpenAPI 3.1 document generated from the route tables
  route({
    method: "GET",
    path: "/api/public/openapi.json",
    auth: "none",
    status: 200,
    summary: "The OpenAPI 3.1 document of this interface",
    responseSchema: { type: "object", description: "OpenAPI 3.1 document" },
    // imported when called: the document is built from the tables that include this one
    handle: async () => (await import("@/server/rest/openapi")).openApiResponse(),
  }),
];
