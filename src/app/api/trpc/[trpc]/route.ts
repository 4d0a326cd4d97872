import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "@/server/trpc/root";
import { createPortalContext } from "@/server/portal/session";

// GET/POST /api/trpc/<procedure> - the portal's tRPC endpoint; the actor comes from the next-auth session cookie.
export const dynamic = "force-dynamic";

function handler(req: Request): Promise<Response> {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => createPortalContext(req.headers),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(`tRPC ${path ?? "?"} failed:`, error.cause ?? error);
    },
  });
}

export { handler as GET, handler as POST };
