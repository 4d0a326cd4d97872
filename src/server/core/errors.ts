import type { MessageId } from "@/server/i18n/messages";

/** The one error vocabulary of the domain; src/server/rest and src/server/trpc map it to their wire shapes. */
export type ErrorCode =
  | "VALIDATION" // 400 with field errors
  | "BAD_REQUEST" // 400 without field errors
  | "UNAUTHORIZED" // 401
  | "FORBIDDEN" // 403 with a message (expired license, quota used up, inactive account)
  | "NOT_FOUND" // 404, also for another user's private data
  | "CONFLICT" // 409
  | "DEPENDANTS" // 409 for a delete blocked by dependants
  | "PAYLOAD_TOO_LARGE" // 413
  | "RATE_LIMITED" // 429 with Retry-After
  | "TAKEN_DOWN" // 451 with the takedown's reason (params.reason)
  | "UNAVAILABLE"; // 503: a service we depend on (the payment provider) is not configured or not answering

export interface FieldError {
  field: string;
  message: MessageId;
  params?: Record<string, string | number>;
}

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageId: MessageId,
    readonly params: Record<string, string | number> = {},
    readonly fieldErrors: FieldError[] = [],
    readonly retryAfterSeconds?: number,
  ) {
    super(messageId);
    this.name = "DomainError";
  }
}

export const notFound = (what: MessageId = "error.notFound") => new DomainError("NOT_FOUND", what);
export const invalid = (fieldErrors: FieldError[]) =>
  new DomainError("VALIDATION", "error.validation", { count: fieldErrors.length }, fieldErrors);
export const invalidField = (field: string, message: MessageId, params?: Record<string, string | number>) =>
  invalid([{ field, message, params }]);
