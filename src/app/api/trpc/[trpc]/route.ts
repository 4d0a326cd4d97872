import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "@/server/trpc/root";
import { createPortalContext } from "@/server/portal/session";
import { domainErrorOf } from "@/server/rest/domain-error-of";
import { domainErrorResponse } from "@/server/rest/error-body";
import { cappedRequest } from "@/server/rest/read-body";
import { pickLang } from "@/server/i18n/messages";
import { logger } from "@/server/log/logger.mjs";

// GET/POST /api/trpc/<procedure> - the portal's tRPC endpoint; the actor comes from the next-auth session cookie.
// The fetch adapter reads a body whole whatever its size: it gets the body read under the path's cap
// (413 past it, http/body-limits.mjs).
export const dynamic = "force-dynamic";

async function handler(req: Request): Promise<Response> {
  let capped: Request;
  try {
    capped = await cappedRequest(req);
  } catch (err) {
    const domainError = domainErrorOf(err);
    if (!domainError) throw err;
    return domainErrorResponse(domainError, pickLang(req.headers.get("accept-language")), new URL(req.url).pathname);
  }
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: capped,
    router: appRouter,
    createContext: () => createPortalContext(req.headers),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") logger().error({ err: error.cause ?? error }, `tRPC ${path ?? "?"} failed`);
    },
  });
}

export { handler as GET, handler as POST };
