// Types of request-line.mjs (plain JS so the launcher can import it without a build step).
import type { RequestContext, RequestOutcome } from "../http/request-context.mjs";

export function logRequest(context: RequestContext, outcome: RequestOutcome): void;
