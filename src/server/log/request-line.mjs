// The one line per request (docs/operations.md "Logs"), written when its response has been sent
// (the launcher registers it with onRequestEnd): what was asked, by whom, and how it ended.
import { logger, unsignedPath } from "./logger.mjs";

/**
 * Logs `context`'s request as it ended, at info whatever its status: the error behind a 5xx was
 * logged once, with its stack, where it was caught (same requestId).
 */
export function logRequest(context, outcome) {
  const line = {
    requestId: context.id,
    method: context.method,
    ...(context.route ? { route: context.route } : {}),
    path: unsignedPath(context.path),
    status: outcome.status,
    durationMs: Math.round(outcome.durationMs * 10) / 10,
    bytes: outcome.bytes,
    ...(context.userCode ? { userCode: context.userCode } : {}),
    ...(context.clientId ? { clientId: context.clientId } : {}),
    ...(outcome.aborted ? { aborted: true } : {}),
  };
  logger().info(line, "request");
}
