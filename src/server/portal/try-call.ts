import { domainErrorOf } from "@/server/rest/domain-error-of";
import { translate } from "@/server/i18n/messages";
import { getServerContext } from "./session";

export type CallResult<T> = { ok: true; data: T } | { ok: false; message: string; code?: string };

/**
 * Runs a procedure from a server component and turns a domain error into the message the page
 * shows (in the request's language); anything else is rethrown to the error boundary.
 */
export async function tryCall<T>(call: () => Promise<T>): Promise<CallResult<T>> {
  try {
    return { ok: true, data: await call() };
  } catch (err) {
    const domainError = domainErrorOf(err);
    if (!domainError) throw err;
    const { lang } = await getServerContext();
    return { ok: false, message: translate(lang, domainError.messageId, domainError.params), code: domainError.code };
  }
}
