// The one line per request (docs/operations.md "Logs"), written when its response has been sent
// (the launcher registers it with onRequestEnd): what was asked, by whom, and how it ended.
import { scrubSecrets, writeInfoLine } from "./logger.mjs";

const text = JSON.stringify;

/**
 * Logs `context`'s request as it ended, at info whatever its status: the error behind a 5xx was
 * logged once, with its stack, where it was caught (same requestId). Serialised here, field by
 * field, rather than by pino from an object: every request writes one.
 */
export function logRequest(context, outcome) {
  let members = `,"requestId":${text(context.id)},"method":${text(context.method)}`;
  if (context.route) members += `,"route":${text(context.route)}`;
  members += `,"path":${text(scrubSecrets(context.path))},"status":${outcome.status}`;
  members += `,"durationMs":${Math.round(outcome.durationMs * 10) / 10},"bytes":${outcome.bytes}`;
  if (context.userCode) members += `,"userCode":${text(context.userCode)}`;
  if (context.clientId) members += `,"clientId":${text(context.clientId)}`;
  if (outcome.aborted) members += `,"aborted":true`;
  writeInfoLine(members, "request");
}
