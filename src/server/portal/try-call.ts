import { domainErrorOf } from "@/server/rest/domain-error-of";
import { translate } from "@/server/i18n/messages";
import { getServerContext } from "./session";

export type CallResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      message: string;
      code?: string;
      /** A takedown's reason, as staff wrote it (code TAKEN_DOWN): the page shows its notice. */
      takedownReason?: string;
      /** The messages of a validation error by field path, translated (what the form components show under their inputs). */
      fieldErrors: Record<string, string>;
    };

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
    return {
      ok: false,
      message: translate(lang, domainError.messageId, domainError.params),
      code: domainError.code,
      takedownReason: domainError.code === "TAKEN_DOWN" ? String(domainError.params.reason ?? "") : undefined,
      fieldErrors: Object.fromEntries(domainError.fieldErrors.map((f) => [f.field, translate(lang, f.message, f.params)])),
    };
  }
}
