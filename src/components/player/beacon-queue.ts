import type { Beacon } from "@/server/domain/analytics/credit-beacons";

// The beacons of one play session waiting to be sent (docs/analytics.md "What is counted"): the
// player queues them as playback goes and sends the queue every 10 s and when the page is hidden or
// left, in batches the intake takes. Beacons are best effort: a batch lost on the way is not sent
// again, and one the intake refuses (its session not valid, e.g. older than its 12 hours) ends the
// sending for that session, as every later batch would be refused too.

/** The intake of the beacons (POST /api/public/analytics/beacons). */
export const BEACONS_URL = "/api/public/analytics/beacons";
/** The most beacons the intake takes in one batch. */
export const MAX_BATCH = 50;
/** The most beacons kept waiting: past this (a page that could not send for long) the oldest go. */
export const MAX_WAITING = 4 * MAX_BATCH;

/** How a batch went: sent (or lost on the way, which nobody hears of), or refused by the intake for its session. */
export type SendOutcome = "sent" | "refused";
/** Sends one batch's body (JSON text). */
export type SendBatch = (body: string) => SendOutcome | Promise<SendOutcome>;

/**
 * Sends a batch with navigator.sendBeacon: a text/plain body (no preflight) that the browser still
 * delivers when the page goes away. Its answer cannot be read, so a refused session is heard of only
 * through the fallback, fetch with keepalive, used when the browser has no sendBeacon or declines
 * the batch (its own queue of beacons full).
 */
export function sendBeaconBatch(body: string): SendOutcome | Promise<SendOutcome> {
  try {
    if (typeof navigator !== "undefined" && typeof navigator.sendBeacon === "function" && navigator.sendBeacon(BEACONS_URL, body))
      return "sent";
  } catch {
    // a browser that throws instead of returning false: the fallback sends it
  }
  return fetch(BEACONS_URL, { method: "POST", body, keepalive: true }).then(
    (response): SendOutcome => (response.status === 400 ? "refused" : "sent"),
    (): SendOutcome => "sent",
  );
}

/** The waiting beacons of one play session, sent in batches of at most MAX_BATCH. */
export class BeaconQueue {
  private waiting: Beacon[] = [];
  private refused = false;

  constructor(
    readonly session: string,
    private readonly send: SendBatch = sendBeaconBatch,
  ) {}

  /** The intake refused the session: nothing more is queued nor sent. */
  get closed(): boolean {
    return this.refused;
  }

  /** The beacons waiting (a copy). */
  get pending(): readonly Beacon[] {
    return this.waiting.map((b) => ({ ...b }));
  }

  push(beacon: Beacon): void {
    if (this.refused) return;
    const last = this.waiting.at(-1);
    // a viewer dragging the seek bar seeks many times a second: one seek, from where it was to where it stopped
    if (beacon.type === "seek" && last?.type === "seek") {
      last.position = beacon.position;
      return;
    }
    this.waiting.push({ ...beacon });
    if (this.waiting.length > MAX_WAITING) this.waiting.splice(0, this.waiting.length - MAX_WAITING);
  }

  /** Sends what waits, in as many batches as it takes; nothing when nothing waits. */
  flush(): void {
    while (this.waiting.length > 0 && !this.refused) {
      const events = this.waiting.splice(0, MAX_BATCH);
      const outcome = this.send(JSON.stringify({ session: this.session, events }));
      if (outcome === "refused") this.refuse();
      else if (typeof outcome !== "string") void outcome.then((o) => o === "refused" && this.refuse());
    }
  }

  private refuse(): void {
    this.refused = true;
    this.waiting = [];
  }
}
