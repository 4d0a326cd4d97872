// Types of registry.mjs (plain JS so the launcher can import it without a build step).
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { RequestContext, RequestOutcome } from "../http/request-context.mjs";

export interface JobsWaitingRow {
  type: string;
  waiting: number;
  oldestSeconds: number;
}

export interface ScrapeSources {
  jobsWaiting: () => Promise<JobsWaitingRow[]>;
  workersAlive: () => Promise<number>;
  livePublishing: () => Promise<number>;
  liveViewers: () => Promise<{ channel: number; replay: number }>;
  /** Undefined when this process has no RTMP ingest to ask. */
  liveIngestRate: () => Promise<number | undefined>;
  liveIngestStreams: () => Promise<number | undefined>;
  castOnAir: () => Promise<number>;
}

export interface KinoraMetrics {
  registry: Registry;
  httpDuration: Histogram<"method" | "route" | "status_code">;
  jobsCompleted: Counter<"type">;
  jobsFailed: Counter<"type">;
  jobsWaiting: Gauge<"type">;
  jobOldestWaiting: Gauge<"type">;
  workersAlive: Gauge;
  ingestTimeToPlayable: Histogram;
  ingestLadder: Histogram;
  logins: Counter<"outcome">;
  mail: Counter<"transport" | "outcome">;
  sweeps: Counter<"sweep" | "outcome">;
  sweptRows: Counter<"sweep">;
  edgeRefusals: Counter<"reason">;
  ingestFailures: Counter<"cause">;
  storageErrors: Counter<"driver" | "operation">;
  payments: Counter<"provider" | "outcome">;
  webhookDeliveries: Counter<"outcome">;
  rateLimited: Counter<"limit">;
  analyticsBeacons: Counter<"outcome">;
  dbQueryDuration: Histogram<"client">;
  livePublishing: Gauge;
  liveViewers: Gauge<"kind">;
  liveIngestRate: Gauge;
  liveIngestStreams: Gauge;
  castOnAir: Gauge;
}

export function metrics(): KinoraMetrics;
export function setScrapeSource<K extends keyof ScrapeSources>(name: K, source: ScrapeSources[K]): void;
export function routeLabel(context: Pick<RequestContext, "route" | "path">): string;
export function observeRequest(context: RequestContext, outcome: RequestOutcome): void;
export function mayScrape(peer: string, authorization: string | undefined, token: string | undefined): boolean;
export function writeMetrics(res: ServerResponse<IncomingMessage>): Promise<void>;
export function serveMetrics(port: number, host: string, token: string | undefined): Promise<Server>;
