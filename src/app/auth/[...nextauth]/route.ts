import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { portalAuthOptions } from "@/server/portal/auth-options";
import { pickLang } from "@/server/i18n/messages";
import { domainErrorOf } from "@/server/rest/domain-error-of";
import { domainErrorResponse } from "@/server/rest/error-body";
import { cappedRequest } from "@/server/rest/read-body";

// GET/POST /auth/* - portal sessions (next-auth): csrf, providers, callback/credentials, session, signout.
// next-auth reads a form body whole: it gets the body read under the path's cap (413 past it,
// http/body-limits.mjs).
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };

// The options are built per request: NEXTAUTH_URL comes from PUBLIC_URL, known only at run time.
const handler = async (req: NextRequest, context: Context): Promise<Response> => {
  let capped: NextRequest = req;
  if (req.method !== "GET" && req.method !== "HEAD") {
    try {
      capped = new NextRequest(await cappedRequest(req));
    } catch (err) {
      const domainError = domainErrorOf(err);
      if (!domainError) throw err;
      return domainErrorResponse(domainError, pickLang(req.headers.get("accept-language")), req.nextUrl.pathname);
    }
  }
  return NextAuth(portalAuthOptions())(capped, context);
};

export { handler as GET, handler as POST };
