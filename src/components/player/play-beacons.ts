import type { Beacon } from "@/server/domain/analytics/credit-beacons";
import type { BeaconQueue } from "./beacon-queue";

// What a play session's playback is worth telling the intake (docs/analytics.md), from what the
// video element and hls.js say happened, without the browser: attach-play-beacons.ts feeds it the
// events with their instants (performance.now(), ms) and the playing position (currentTime, s), so the
// startup and rebuffer times follow from the instants alone and tests can give them. Positions are
// the real currentTime: the server credits watched time from their forward moves.

/** How far from the start the first frame may be and still be the start (a vod's first frame is rarely at exactly 0). */
const START_SLACK_S = 1;

/** A position as sent: to the millisecond, which is all the server keeps of it. */
const at = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** Turns one play session's playback events into beacons on its queue. */
export class PlayBeacons {
  private started = false;
  private over = false;
  /** when playing was asked, for the startup time; pressed: the viewer's press said it, not the element */
  private askedAt?: number;
  private pressed = false;
  private stalledAt?: number;
  private stalledPosition = 0;
  private height?: number;
  private lastError?: string;

  constructor(private readonly queue: Pick<BeaconQueue, "push" | "flush">) {}

  /** Playback began (a first frame played) in this session. */
  get hasStarted(): boolean {
    return this.started;
  }

  /**
   * The viewer asked to play (their press, before the source was even attached): the startup time
   * counts from it. A later ask before the first frame (a press again after a failed start) replaces it.
   */
  asked(now: number): void {
    if (this.started) return;
    this.askedAt = now;
    this.pressed = true;
  }

  /**
   * The element's play event: without a press (autoplay), the startup time counts from the latest
   * one before the first frame, so a live page retrying until its stream arrives measures the start
   * that worked, not the wait for the stream.
   */
  play(now: number): void {
    if (this.started || this.pressed) return;
    this.askedAt = now;
  }

  /** The element's playing event: the first frame (start, startup) or the end of a stall (rebuffer). */
  playing(now: number, position: number): void {
    this.over = false;
    if (!this.started) {
      this.started = true;
      this.queue.push({ type: "start", position: at(position) });
      // a start elsewhere than 0 (a shared link's time, a live stream's edge) is where watching begins
      if (position > START_SLACK_S) this.queue.push({ type: "seek", position: at(position), value: 0 });
      if (this.askedAt !== undefined) this.queue.push({ type: "startup", value: Math.max(0, Math.round(now - this.askedAt)) });
      return;
    }
    this.endStall(now);
  }

  /**
   * The element's waiting event: after the start, a stall begins, unless the element is seeking (a
   * wait for the data of where the viewer went is the seek's, not a rebuffer).
   */
  waiting(now: number, position: number, seeking: boolean): void {
    if (!this.started || seeking || this.stalledAt !== undefined) return;
    this.stalledAt = now;
    this.stalledPosition = position;
  }

  pause(now: number, position: number): void {
    if (!this.started) return;
    this.endStall(now);
    this.queue.push({ type: "pause", position: at(position) });
  }

  /** The element's seeking event: `from` where it played, `to` where it goes. Before the start, the start says where it began. */
  seeking(from: number, to: number): void {
    if (!this.started) return;
    this.queue.push({ type: "seek", position: at(to), value: at(from) });
  }

  /** The media ended (the element's ended event). */
  ended(now: number, position: number): void {
    this.end(now, position);
  }

  /** The source went away under a stall (hls.js destroyed, a live stream retried): the stall ends there. */
  sourceGone(now: number): void {
    this.endStall(now);
  }

  /** hls.js switched to a rung of `height` pixels: said once per change. */
  rendition(height: number, position: number): void {
    if (!(height > 0) || height === this.height) return;
    this.height = height;
    this.queue.push({ type: "rendition", value: height, detail: `${height}p`, position: at(position) });
  }

  /** A fatal error (hls.js's details, or the element's error code); the same one again in a row is said once. */
  error(detail: string, position: number): void {
    if (detail === this.lastError) return;
    this.lastError = detail;
    this.queue.push({ type: "error", detail: detail.slice(0, 100), position: at(position) });
  }

  /** Every 10 s: the position while it plays, and whatever waits goes with it. */
  tick(position: number, playing: boolean): void {
    if (this.started && playing) this.queue.push({ type: "progress", position: at(position) });
    this.queue.flush();
  }

  /** Sends what waits now (the page hidden: it may never come back). */
  flush(): void {
    this.queue.flush();
  }

  /** The player goes away, the page is left or a new session replaces this one: its end, sent at once. */
  leave(now: number, position: number): void {
    this.end(now, position);
    this.queue.flush();
  }

  private end(now: number, position: number): void {
    if (!this.started || this.over) return;
    this.endStall(now);
    this.over = true;
    this.queue.push({ type: "end", position: at(position) });
  }

  private endStall(now: number): void {
    if (this.stalledAt === undefined) return;
    const stalled: Beacon = { type: "rebuffer", value: Math.max(0, Math.round(now - this.stalledAt)), position: at(this.stalledPosition) };
    this.stalledAt = undefined;
    if (stalled.value! > 0) this.queue.push(stalled);
  }
}
