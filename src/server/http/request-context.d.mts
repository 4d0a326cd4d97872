// Types of request-context.mjs (plain JS so the launcher can import it without a build step).
import type { IncomingMessage, ServerResponse } from "node:http";

/** One request as the launcher opened it, and what the app learned while handling it. */
export interface RequestContext {
  /** X-Request-Id: the edge's (nginx $request_id), a well-formed one the client sent, or a new one. */
  id: string;
  method: string;
  /** The path without the query (never a query: a signed URL's signature lives there). */
  path: string;
  /** performance.now() when the request arrived. */
  startedAt: number;
  /** The route template: for the REST interface the operation's path as the interface document writes it. */
  route?: string;
  userCode?: string;
  clientId?: string;
  /** The Node request behind it, for handlers that read their body from it (raw-request.mjs). */
  raw?: IncomingMessage;
}

/** How a request ended. */
export interface RequestOutcome {
  status: number;
  /** Bytes of the response body sent. */
  bytes: number;
  durationMs: number;
  /** The connection closed before the response was complete. */
  aborted: boolean;
}

export function requestIdOf(header: string | string[] | undefined): string;
export function runInRequest<T>(context: RequestContext, handle: () => T): T;
export function currentRequest(): RequestContext | undefined;
export function noteRequest(fields: Partial<Pick<RequestContext, "route" | "userCode" | "clientId">>): void;
export function runInBackground<T>(fields: Record<string, unknown>, run: () => T): T;
export function backgroundFields(): Record<string, unknown> | undefined;
export function withNodeRequest<T>(req: IncomingMessage, handle: () => T): T;
export function nodeRequest(): IncomingMessage | undefined;
export function onRequestEnd(listener: (context: RequestContext, outcome: RequestOutcome) => void): () => void;
export function requestEnded(context: RequestContext, outcome: RequestOutcome): void;
/** Benchmarks only (KINORA_BENCH=1 and KINORA_BENCH_TELEMETRY=off): the request context, line, metrics and statement timing off. */
export const telemetryOff: boolean;

/**
 * Opens the context of a request that has just arrived (its id, also set as X-Request-Id, method, path,
 * start and `fields`); `ended` is called with its outcome once the response has been sent or the connection dropped.
 */
export function openRequest(
  req: IncomingMessage,
  res: ServerResponse,
  ended: (context: RequestContext, outcome: RequestOutcome) => void,
  fields?: Partial<RequestContext>,
): RequestContext;
