import { createHmac } from "node:crypto";
import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { cookies } from "next/headers";
import { getDb } from "@/server/db/client";
import { env } from "@/server/env";
import { pickLang, translate } from "@/server/i18n/messages";
import { verifyUserCredentials } from "@/server/auth/verify-user-credentials";
import { deviceCookieName, deviceCookieOptions } from "@/server/auth/trusted-sources";
import { addressFromHeaders } from "@/server/rest/client-address";
import { safeCallbackUrl } from "@/lib/safe-callback";

/** next-auth lives outside /api (the REST catch-all owns it): routes under /auth. */
export const AUTH_BASE_PATH = "/auth";
/** The actor's clientId for requests made from the portal session. */
export const PORTAL_CLIENT_ID = "portal";

let options: AuthOptions | undefined;

/**
 * next-auth configuration for the portal: Credentials over the same users and the same
 * rate-limited credential check as the OAuth password grant, JWT sessions in a cookie.
 * Built lazily: the public URL and the secret are known only at run time (tests start
 * `next start` on random ports), never at build time.
 */
export function portalAuthOptions(): AuthOptions {
  // next-auth reads NEXTAUTH_URL from process.env on every request (origin, callback URLs, cookie prefix).
  process.env.NEXTAUTH_URL = `${env().publicUrl}${AUTH_BASE_PATH}`;
  options ??= {
    secret: process.env.NEXTAUTH_SECRET ?? sessionSecret(),
    session: { strategy: "jwt" },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "Kinora",
        credentials: { username: { label: "Username", type: "text" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          const headers = (req.headers ?? {}) as Record<string, string | undefined>;
          const lang = pickLang(headers["accept-language"]);
          const db = await getDb();
          const jar = await cookies();
          const check = await verifyUserCredentials(db, credentials?.username ?? "", credentials?.password ?? "", {
            address: addressFromHeaders((name) => headers[name]),
            // the browser's device cookie for this account: a device that signed in before is not
            // locked out by strangers' failures (auth/trusted-sources.ts)
            deviceCookie: (userId) => jar.get(deviceCookieName(userId))?.value,
            rememberDevice: true,
          });
          if (check.ok) {
            // set on the sign-in's response (Next merges cookies set in a route handler into it)
            if (check.deviceToken) jar.set(deviceCookieName(check.userId), check.deviceToken, deviceCookieOptions());
            const user = await db.user.findUniqueOrThrow({ where: { id: check.userId }, select: { userCode: true } });
            return { id: check.userId, name: user.userCode, sessionVersion: check.sessionVersion };
          }
          // next-auth hands a thrown message to the login form as `error`; null means "wrong credentials"
          if (check.reason === "pending") throw new Error(translate(lang, "error.accountInactive"));
          if (check.reason === "awaiting_approval") throw new Error(translate(lang, "error.accountAwaitingApproval"));
          if (check.reason === "disabled") throw new Error(translate(lang, "error.accountDisabled"));
          if (check.reason === "rate_limited") throw new Error(translate(lang, "error.rateLimited", { seconds: check.retryAfterSeconds }));
          return null;
        },
      }),
    ],
    callbacks: {
      // where next-auth sends the browser after sign-in and sign-out: a path of our own origin only
      redirect: ({ url, baseUrl }) => `${baseUrl}${safeCallbackUrl(url, baseUrl)}`,
      jwt({ token, user }) {
        // the session version of the login survives the rolling refresh of the cookie, so a password
        // change or disable (User.sessionVersion moves on) ends sessions that started before it
        if (user) token.sessionVersion = user.sessionVersion;
        return token;
      },
      session({ session, token }) {
        const version = token.sessionVersion;
        session.user = { id: token.sub ?? "", userCode: token.name ?? "", sessionVersion: typeof version === "number" ? version : -1 };
        return session;
      },
    },
  };
  return options;
}

/** A key of its own for the session cookie, derived from the instance secret (AUTH_SECRET or the data dir's). */
function sessionSecret(): string {
  return createHmac("sha256", env().authSecret).update("kinora-portal-session").digest("base64url");
}
