import { TRPCError } from "@trpc/server";
import { DomainError } from "@/server/core/errors";

/** The DomainError behind an error thrown by a procedure (tRPC wraps it as the cause). */
export function domainErrorOf(err: unknown): DomainError | undefined {
  if (err instanceof DomainError) return err;
  if (err instanceof TRPCError && err.cause instanceof DomainError) return err.cause;
  return undefined;
}
