import { domainErrorOf } from "./domain-error-of";
import { domainErrorResponse } from "./error-body";
import type { RestCall } from "./route";

/**
 * An error while an upload's body is still being sent: answered at once with Connection: close, so
 * the server stops reading (a 413 or 403 does not wait for gigabytes it will not keep). Anything
 * that is no domain error is thrown on.
 */
export function refuseDuringBody(err: unknown, { request, lang }: Pick<RestCall, "request" | "lang">): Response {
  const domainError = domainErrorOf(err);
  if (!domainError) throw err;
  const res = domainErrorResponse(domainError, lang, new URL(request.url).pathname);
  res.headers.set("Connection", "close");
  return res;
}
