import { cache } from "react";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getServerSession, type Session } from "next-auth";
import { getDbAccess } from "@/server/db/client";
import type { SqlPort } from "@/server/db/sql-runner";
import type { Actor } from "@/server/core/context";
import { pickLang, type Lang } from "@/server/i18n/messages";
import { createCaller, type Caller } from "@/server/trpc/caller";
import type { TrpcContext } from "@/server/trpc/init";
import { addressFromHeaders } from "@/server/rest/client-address";
import { readSessionState, sessionCounts } from "@/server/auth/session-state";
import { requestBaseUrl } from "@/server/http/base-url";
import { noteRequest } from "@/server/http/request-context.mjs";
import { PORTAL_CLIENT_ID, portalAuthOptions } from "./auth-options";

/** The next-auth session of this request (cookie only, no database), or null. */
export const getPortalSession = cache(async (): Promise<Session | null> => getServerSession(portalAuthOptions()));

/**
 * The actor of a portal request and the language it is spoken to in. Like a bearer token, a session
 * counts only while the account is active and its session version is the user's (a password change or
 * disable ends it). A signed-in user gets their account's language, anyone else the first of
 * Accept-Language that Kinora speaks (English by default).
 */
export async function resolvePortalActor(sql: SqlPort, acceptLanguage: string | null): Promise<{ actor: Actor; lang: Lang }> {
  const session = await getPortalSession();
  const anonymous = { actor: { kind: "anonymous" } as const, lang: pickLang(acceptLanguage) };
  if (!session?.user.id) return anonymous;
  const state = await readSessionState(sql, session.user.id, undefined);
  if (!state || !sessionCounts(state, session.user.sessionVersion)) return anonymous;
  noteRequest({ userCode: state.userCode, clientId: PORTAL_CLIENT_ID });
  return { actor: { kind: "user", userId: session.user.id, clientId: PORTAL_CLIENT_ID }, lang: pickLang(state.language) };
}

/** A portal request's context: it always knows where the browser reaches us. */
export type PortalContext = TrpcContext & { baseUrl: string };

/** Context for tRPC over HTTP and for server components: same procedures, same errors. */
export async function createPortalContext(requestHeaders: Headers): Promise<PortalContext> {
  const { db, sql } = await getDbAccess();
  const { actor, lang } = await resolvePortalActor(sql, requestHeaders.get("accept-language"));
  return {
    db,
    sql,
    actor,
    lang,
    address: addressFromHeaders((name) => requestHeaders.get(name)),
    userAgent: requestHeaders.get("user-agent") ?? "",
    baseUrl: requestBaseUrl((name) => requestHeaders.get(name)),
  };
}

/** Server components call procedures through this caller (one per request). */
export const getServerContext = cache(async (): Promise<PortalContext> => createPortalContext(await headers()));

export const getServerCaller = cache(async (): Promise<Caller> => createCaller(await getServerContext()));

/** For portal pages: the caller of a logged user, or a redirect to the login page (back to `from` after). */
export async function requirePortalCaller(from: string): Promise<{ caller: Caller; session: Session; ctx: PortalContext }> {
  const [ctx, session] = await Promise.all([getServerContext(), getPortalSession()]);
  if (ctx.actor.kind !== "user" || !session) redirect(`/login?${new URLSearchParams({ callbackUrl: from })}`);
  return { caller: await getServerCaller(), session, ctx };
}
