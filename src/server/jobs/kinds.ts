// Every kind of durable job: its payload, how many attempts it gets and how long it waits between
// them. A service or use case queues a job by its kind (queue.ts enqueueJob); the handler that runs
// it is registered from above, by the doors (src/server/workers), so nothing below them imports one.

/** What a payload may carry: JSON (it is stored as jsonb). */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export type JsonObject = { [key: string]: JsonValue };

export interface JobPayloads {
  /** Probe, fast path, poster, preview, ladder of one uploaded box item (domain/box/ingest-box-item). */
  "box.ingest": { boxItemId: string };
  /** The owner's mail about a finished upload, queued once per transition (domain/box/ingest-state). */
  "box.notify": { boxItemId: string; status: "READY" | "FAILED" };
  /** A payment still PENDING when it may expire (24 h): checked with its provider, else EXPIRED. */
  "payments.expire": { trackingId: string };
  /** The buyer's receipt, queued once, in the transaction that makes a payment PAID. */
  "payments.receipt": { paymentId: string };
  /** A plan's expiry reminder; `expiresAt` (ISO instant) is the expiry it is about. */
  "licenses.remind": { userId: string; expiresAt: string };
  /** A publish's recorded copy becomes (part of) its event's recording (domain/live/make-recording). */
  "live.recording": { sessionId: string };
  /**
   * The files of a deleted account (domain/admin/delete-user): the stored media no box item shows any
   * more (`media`, each an upload's ownerId and id), uploads not yet moved into place (`uploads`, box
   * ids), its thumbnails and recordings, its live homes.
   */
  "users.files": {
    ownerId: string;
    media: { ownerId: string; id: string }[];
    uploads: string[];
    liveHomes: { kind: "live" | "cast"; homeId: string; streamPath: string; publishing: boolean }[];
  };
  /** One mail (mail/queue-mail.ts): every mail Kinora sends goes through this, so an SMTP outage loses none. */
  "mail.send": { to: string; subject: string; text: string };
  /** One event to every endpoint of its user that wants it (domain/webhooks/fan-out): a delivery and its job each. */
  "webhooks.fanout": { messageId: string; userId: string; type: string; timestamp: string; data: JsonObject };
  /** Attempt `attempt` (1 is the first) to deliver an event to one endpoint (domain/webhooks/deliver); a stale one does nothing. */
  "webhooks.deliver": { deliveryId: string; attempt: number };
}

export type JobKind = keyof JobPayloads;

export interface JobKindSpec {
  maxAttempts: number;
  /** Seconds to wait before attempt n+1 (n starts at 1). */
  backoffSeconds(attempt: number): number;
  /** A job of seconds (a mail, a receipt): a worker with every slot taken still runs one of these at a time beside them. */
  quick?: boolean;
}

export const JOB_KINDS: Record<JobKind, JobKindSpec> = {
  "box.ingest": { maxAttempts: 3, backoffSeconds: (attempt) => 10 * attempt * attempt },
  "box.notify": { maxAttempts: 5, backoffSeconds: (attempt) => 30 * attempt * attempt, quick: true },
  "payments.expire": { maxAttempts: 10, backoffSeconds: (attempt) => 60 * attempt, quick: true },
  "payments.receipt": { maxAttempts: 5, backoffSeconds: (attempt) => 30 * attempt * attempt, quick: true },
  "licenses.remind": { maxAttempts: 5, backoffSeconds: (attempt) => 60 * attempt * attempt, quick: true },
  "live.recording": { maxAttempts: 5, backoffSeconds: (attempt) => 30 * attempt * attempt },
  "users.files": { maxAttempts: 10, backoffSeconds: (attempt) => 30 * attempt * attempt },
  // 10 s, 20 s, 40 s, ... doubling up to an hour: 12 attempts span about 3 h 25 min of SMTP outage
  // (docs/operations.md "Mail"); then FAILED, listed by `npm run jobs -- failed`, retried by `jobs retry`
  "mail.send": { maxAttempts: 12, backoffSeconds: mailBackoffSeconds, quick: true },
  "webhooks.fanout": { maxAttempts: 5, backoffSeconds: (attempt) => 10 * attempt * attempt, quick: true },
  // a job is one attempt at the receiver; a receiver's failure is not the job's (it completes, and
  // the next attempt is a job of its own on the Standard Webhooks schedule: domain/webhooks/deliver):
  // these attempts are for Kinora's own failures (the database)
  "webhooks.deliver": { maxAttempts: 3, backoffSeconds: (attempt) => 10 * attempt * attempt, quick: true },
};

/** Seconds before attempt n+1 of a mail: 10 * 2^(n-1), at most an hour. */
export function mailBackoffSeconds(attempt: number): number {
  return Math.min(3600, 10 * 2 ** (attempt - 1));
}

export const isJobKind = (type: string): type is JobKind => Object.hasOwn(JOB_KINDS, type);
