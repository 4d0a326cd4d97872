import type { DbAccess } from "@/server/db/client";
import type { JobKind, JobPayloads } from "./kinds";

export interface JobContext<P> extends DbAccess {
  id: string;
  payload: P;
  attempt: number;
  /** Aborted when the job is canceled (e.g. its box item deleted) or the worker stops. */
  signal: AbortSignal;
}

/** What runs a job of one kind (its attempts and backoff are the kind's: kinds.ts). */
export interface JobHandler<P> {
  run(ctx: JobContext<P>): Promise<void>;
  /** Whether a failed attempt may be retried (default: yes); a permanent failure goes straight to onFailed. */
  retryable?(error: Error): boolean;
  /** Called once when the last attempt failed, to leave the domain in a final state. */
  onFailed?(ctx: Omit<JobContext<P>, "signal">, error: Error): Promise<void>;
}

export type JobHandlerOf<K extends JobKind> = JobHandler<JobPayloads[K]>;

/** A handler for every kind: the compiler refuses a kind left without one. */
export type JobHandlers = { [K in JobKind]: JobHandlerOf<K> };

// Handlers are registered from above (src/server/workers/start-job-worker.ts); the worker loop
// dispatches each claimed job to the handler of its kind.
const slot = globalThis as unknown as { __kinoraJobs?: Map<JobKind, JobHandler<unknown>> };
const registry = (slot.__kinoraJobs ??= new Map());

/** Registers the handler of every kind; returns the kinds, which this process's worker claims. */
export function registerJobHandlers(handlers: JobHandlers): JobKind[] {
  const kinds = Object.keys(handlers) as JobKind[];
  for (const kind of kinds) registry.set(kind, handlers[kind] as JobHandler<unknown>);
  return kinds;
}

export const jobHandler = (kind: JobKind): JobHandler<unknown> | undefined => registry.get(kind);
