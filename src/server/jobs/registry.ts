import type { Db } from "@/server/db/client";

export interface JobContext<P> {
  id: string;
  payload: P;
  attempt: number;
  db: Db;
  /** Aborted when the job is canceled (e.g. its box item deleted) or the worker stops. */
  signal: AbortSignal;
}

export interface JobDefinition<P> {
  type: string;
  maxAttempts: number;
  /** Seconds to wait before attempt n+1 (n starts at 1). */
  backoffSeconds(attempt: number): number;
  run(ctx: JobContext<P>): Promise<void>;
  /** Whether a failed attempt may be retried (default: yes); a permanent failure goes straight to onFailed. */
  retryable?(error: Error): boolean;
  /** Called once when the last attempt failed, to leave the domain in a final state. */
  onFailed?(ctx: Omit<JobContext<P>, "signal">, error: Error): Promise<void>;
}

// Handlers register themselves at import; the worker imports src/server/jobs/handlers.
const slot = globalThis as unknown as { __kinoraJobs?: Map<string, JobDefinition<unknown>> };
const registry = (slot.__kinoraJobs ??= new Map());

export function defineJob<P>(def: JobDefinition<P>): JobDefinition<P> {
  registry.set(def.type, def as JobDefinition<unknown>);
  return def;
}

export const jobDefinition = (type: string): JobDefinition<unknown> | undefined => registry.get(type);
