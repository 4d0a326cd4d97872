// What a play session's beacons are worth (docs/analytics.md "What is counted"), pure: the intake
// (intake.ts) hands it the session's state, a batch of beacons and the server's clock, and writes
// back what it returns. Watched time comes from the positions the player reports (forward steps of
// at most a minute), and a session is credited in total at most the time since its play was granted
// by the server's clock: a script sending beacons cannot count more, nor sooner, than by playing.

export const BEACON_TYPES = ["start", "progress", "seek", "pause", "end", "startup", "rebuffer", "rendition", "error"] as const;
export type BeaconType = (typeof BEACON_TYPES)[number];

export interface Beacon {
  type: BeaconType;
  /** seconds into the content (live: into the stream); for a seek, where it went */
  position?: number;
  /** startup: ms from play to the first frame; rebuffer: ms stalled; rendition: its height */
  value?: number;
  /** rendition: its label; error: its code */
  detail?: string;
}

/** The session as its last intake left it (AnalyticsSession); instants in epoch milliseconds. */
export interface SessionState {
  watchedSeconds: number;
  position: number;
  /** bit i: the i-th twentieth of the duration was watched */
  buckets: number;
  /** the server's time up to which watched time was credited */
  creditedAt: number;
  lastBeaconAt: number;
  viewAt: number | null;
  viewCounted: boolean;
  startupMs: number | null;
  errored: boolean;
  endedAt: number | null;
}

/** One raw event as stored: what it credited (watched seconds, twentieths newly watched by the view). */
export interface CreditedEvent {
  type: BeaconType | "view";
  position?: number;
  value?: number;
  watched: number;
  buckets: number;
  detail?: string;
}

export const RETENTION_BUCKETS = 20;
/** A view needs this much watched (or the whole content when shorter). */
export const VIEW_SECONDS = 5;
/** A forward move of the position up to this is watching (players report every 10 s; a throttled tab later); more is a jump. */
const MAX_STEP_SECONDS = 60;
const MAX_STARTUP_MS = 120_000;
const MAX_REBUFFER_MS = 600_000;
const ALL_BUCKETS = (1 << RETENTION_BUCKETS) - 1;

/** A new session's state: nothing credited, its clock running from the play's grant. */
export function newSessionState(issuedAtMs: number): SessionState {
  return {
    watchedSeconds: 0,
    position: 0,
    buckets: 0,
    creditedAt: issuedAtMs,
    lastBeaconAt: issuedAtMs,
    viewAt: null,
    viewCounted: false,
    startupMs: null,
    errored: false,
    endedAt: null,
  };
}

/** The watched time a view needs for content of `durationSeconds` (0: live, or unknown). */
export function viewThreshold(durationSeconds: number): number {
  return durationSeconds > 0 ? Math.min(VIEW_SECONDS, durationSeconds - 0.5) : VIEW_SECONDS;
}

/** The twentieths of `duration` that the span [from, to] covers, as bits. */
export function bucketsOf(from: number, to: number, durationSeconds: number): number {
  if (!(durationSeconds > 0) || !(to > from)) return 0;
  const index = (t: number) => Math.min(RETENTION_BUCKETS - 1, Math.max(0, Math.floor((t / durationSeconds) * RETENTION_BUCKETS)));
  let bits = 0;
  for (let i = index(from); i <= index(Math.max(from, to - 1e-6)); i++) bits |= 1 << i;
  return bits & ALL_BUCKETS;
}

const finite = (v: number | undefined, min: number, max: number) =>
  v === undefined || !Number.isFinite(v) ? undefined : Math.min(max, Math.max(min, v));

/**
 * Credits `beacons` (in the order sent) to a session at the server's `now`. Returns the new state,
 * the events to store, and whether the session reached a view's watched time in this batch (the
 * intake then decides whether it counts: once per viewer and item per 30 minutes, and calls
 * `countView`). The start of a session and its first startup time and error are the intake's and
 * this function's to tell: a player sending them again changes nothing.
 */
export function creditBeacons(
  session: { durationSeconds: number },
  before: SessionState,
  beacons: Beacon[],
  now: number,
): { state: SessionState; events: CreditedEvent[]; reachedView: boolean } {
  const state: SessionState = { ...before };
  const duration = session.durationSeconds;
  const clampPosition = (p: number | undefined) => finite(p, 0, duration > 0 ? duration : Number.MAX_SAFE_INTEGER);
  let allowance = Math.max(0, now - state.creditedAt) / 1000;
  let credited = 0;
  const events: CreditedEvent[] = [];
  for (const beacon of beacons) {
    const position = clampPosition(beacon.position);
    switch (beacon.type) {
      case "start":
        break; // the intake stores one start per session, with its first beacons
      case "seek":
        if (position !== undefined) state.position = position;
        events.push({ type: "seek", position, value: finite(beacon.value, 0, Number.MAX_SAFE_INTEGER), watched: 0, buckets: 0 });
        break;
      case "progress":
      case "pause":
      case "end": {
        let watched = 0;
        let bits = 0;
        if (position !== undefined) {
          const step = position - state.position;
          if (step > 0 && step <= MAX_STEP_SECONDS) {
            watched = Math.min(step, allowance);
            allowance -= watched;
            credited += watched;
            bits = bucketsOf(position - watched, position, duration);
          }
          state.position = position;
        }
        state.watchedSeconds += watched;
        const fresh = bits & ~state.buckets;
        state.buckets |= bits;
        // before its view counts, the twentieths wait in the state (the view's event carries them all)
        events.push({ type: beacon.type, position, watched, buckets: state.viewCounted ? fresh : 0 });
        if (beacon.type === "end") state.endedAt = now;
        break;
      }
      case "startup": {
        const ms = finite(beacon.value, 0, MAX_STARTUP_MS);
        if (ms === undefined || state.startupMs !== null) break;
        state.startupMs = Math.round(ms);
        events.push({ type: "startup", value: state.startupMs, watched: 0, buckets: 0 });
        break;
      }
      case "rebuffer": {
        const ms = finite(beacon.value, 0, MAX_REBUFFER_MS);
        if (ms) events.push({ type: "rebuffer", position, value: Math.round(ms), watched: 0, buckets: 0 });
        break;
      }
      case "rendition":
        events.push({
          type: "rendition",
          position,
          value: finite(beacon.value, 0, 100_000),
          watched: 0,
          buckets: 0,
          detail: beacon.detail,
        });
        break;
      case "error":
        // value 1: the session's first error (sessions with an error, over sessions, is the error rate)
        events.push({ type: "error", position, value: state.errored ? 0 : 1, watched: 0, buckets: 0, detail: beacon.detail });
        state.errored = true;
        break;
    }
  }
  // in total, never more than the time since the play was granted (a pause banks time a player could have played)
  state.creditedAt += credited * 1000;
  state.lastBeaconAt = now;
  const reachedView = state.viewAt === null && state.watchedSeconds >= viewThreshold(duration);
  if (reachedView) state.viewAt = now;
  return { state, events, reachedView };
}

/** The event of a view that counts, carrying every twentieth the session watched so far; `firsts`: see AnalyticsEvent. */
export function viewEvent(state: SessionState): CreditedEvent {
  return { type: "view", position: state.position, watched: 0, buckets: state.buckets };
}
