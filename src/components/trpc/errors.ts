import { TRPCClientError } from "@trpc/client";
import type { AppRouter } from "@/server/trpc/root";

export interface FieldErrorItem {
  field: string;
  message: string;
}

/** Field errors of a failed procedure call, keyed by field path ("profile.firstName"). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const list = error instanceof TRPCClientError ? ((error as TRPCClientError<AppRouter>).data?.fieldErrors ?? []) : [];
  return Object.fromEntries(list.map((f: FieldErrorItem) => [f.field, f.message]));
}

/** The error's message for the user (already translated by the server). */
export function errorMessageOf(error: unknown): string | undefined {
  if (!error) return undefined;
  return error instanceof Error ? error.message : String(error);
}
