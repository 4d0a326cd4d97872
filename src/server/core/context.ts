import type { DbAccess } from "@/server/db/client";
import { DomainError } from "./errors";

/** Who is calling: nobody, an OAuth client without a user (public token), or a logged user. */
export type Actor =
  | { kind: "anonymous" }
  /** confidential: the client has a secret (rest/api-budget.ts gives its tokens a budget of their own) */
  | { kind: "client"; clientId: string; confidential?: boolean }
  | {
      kind: "user";
      userId: string;
      /** the OAuth client of the login, or "key:<keyId>" for an API key */
      clientId: string;
      /** refresh-token family of the caller's login (REST) */
      sessionFamily?: string;
      /** the API key the caller used, with its scopes (REST: rest/api-scopes.ts checks them) */
      apiKey?: { id: string; scopes: string[]; origins: string[] };
    };

/** What every domain operation receives besides its input. */
export interface Ctx extends DbAccess {
  actor: Actor;
  /** Address of the caller, for rate limits; never logged with secrets. */
  address?: string;
  /** The caller's User-Agent: with the address, the audience analytics' viewer of the day (never stored). */
  userAgent?: string;
  /** Where the caller reaches us: the base of the absolute URLs handed out (http/base-url.ts); PUBLIC_URL's when absent (scripts). */
  baseUrl?: string;
  /** The caller's language (Accept-Language: "en" or "it"), for what is mailed to them later (a guest's receipt). */
  lang?: string;
}

export function requireUserId(ctx: Ctx): string {
  if (ctx.actor.kind !== "user") throw new DomainError("UNAUTHORIZED", "error.tokenInvalid");
  return ctx.actor.userId;
}

/** The logged user, if the caller is one (public operations serve anyone, and a user's own data differently). */
export function optionalUserId(ctx: Ctx): string | undefined {
  return ctx.actor.kind === "user" ? ctx.actor.userId : undefined;
}
