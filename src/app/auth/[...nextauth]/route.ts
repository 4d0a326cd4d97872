import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { portalAuthOptions } from "@/server/portal/auth-options";

// GET/POST /auth/* - portal sessions (next-auth): csrf, providers, callback/credentials, session, signout.
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };

// The options are built per request: NEXTAUTH_URL comes from PUBLIC_URL, known only at run time.
const handler = (req: NextRequest, context: Context): Promise<Response> => NextAuth(portalAuthOptions())(req, context);

export { handler as GET, handler as POST };
