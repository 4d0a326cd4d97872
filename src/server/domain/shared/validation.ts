import { z } from "zod";
import { DomainError, type FieldError } from "@/server/core/errors";
import { isMessageId } from "@/server/i18n/messages";
import { unstorablePaths } from "@/server/core/storable-text";

/**
 * Parses an operation's input with its schema; failures become one VALIDATION error listing every field.
 * Strings the database cannot store (NUL, lone surrogates) are refused first, whatever the schema.
 */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const unstorable = unstorablePaths(raw);
  if (unstorable.length) {
    const fieldErrors = unstorable.map((field): FieldError => ({ field, message: "field.unstorableText" }));
    throw new DomainError("VALIDATION", "error.validation", { count: fieldErrors.length }, fieldErrors);
  }
  const result = schema.safeParse(raw ?? {}, { reportInput: true });
  if (result.success) return result.data;
  const fieldErrors = toFieldErrors(result.error);
  // one per field: a field failing two checks is one invalid field
  throw new DomainError("VALIDATION", "error.validation", { count: fieldErrors.length }, fieldErrors);
}

/** A tRPC input parser over the same function, so portal and REST validate identically. */
export const inputParser =
  <S extends z.ZodType>(schema: S) =>
  (raw: unknown): z.output<S> =>
    parseInput(schema, raw);

export function toFieldErrors(error: z.ZodError): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".") || "body";
    if (seen.has(field)) continue; // one error per field, the first that applies
    seen.add(field);
    out.push({ field, ...describe(issue) });
  }
  return out;
}

function describe(issue: z.core.$ZodIssue): Pick<FieldError, "message" | "params"> {
  if (isMessageId(issue.message)) return { message: issue.message };
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined || issue.input === null || issue.input === ""
        ? { message: "field.required" }
        : { message: "field.type", params: { type: String(issue.expected) } };
    case "too_small":
      return issue.origin === "string"
        ? Number(issue.minimum) <= 1
          ? { message: "field.required" }
          : { message: "field.tooShort", params: { min: Number(issue.minimum) } }
        : { message: "field.tooSmall", params: { min: Number(issue.minimum) } };
    case "too_big":
      return issue.origin === "string"
        ? { message: "field.tooLong", params: { max: Number(issue.maximum) } }
        : { message: "field.tooBig", params: { max: Number(issue.maximum) } };
    case "invalid_format":
      return { message: issue.format === "email" ? "field.email" : "field.invalid" };
    default:
      return { message: "field.invalid" };
  }
}
