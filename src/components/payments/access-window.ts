import { formatAccessTime } from "@/lib/format";

// How every page states an access window, in the same words and the same time format (formatAccessTime:
// "28 Nov 2026, 14:00 UTC"): a bought video, a live ticket (the event, then its replay), a replay, a
// subscription. Pages call these rather than writing their own sentences, so the ticket, the event
// and the replay never disagree.

/** A window that simply ends: a pay-per-view video, a subscription. "Watch until …" / "Ended …". */
export function accessUntilText(until: Date, now = new Date()): string {
  return until > now ? `Watch until ${formatAccessTime(until)}` : `Access ended ${formatAccessTime(until)}`;
}

/** A live event's times and, for its ticket holders, its replay. */
export interface EventWindow {
  startsAt: Date;
  endsAt: Date;
  /** When the replay closes to ticket holders (REPLAY_ACCESS_DAYS after the end). */
  replayUntil: Date;
  /** Whether a recording was kept (the replay exists). */
  recorded: boolean;
}

/** Where a ticket's event stands, as a phase pages can style and test. */
export type EventPhase = "upcoming" | "on-air" | "replay" | "replay-pending" | "ended";

/**
 * The phase of an event for a ticket holder: before its start, within it, after it with a replay open
 * (or a recording still to come while the replay window is open), or over.
 */
export function eventPhase(w: EventWindow, now = new Date()): EventPhase {
  if (now < w.startsAt) return "upcoming";
  if (now < w.endsAt) return "on-air";
  if (now >= w.replayUntil) return "ended";
  return w.recorded ? "replay" : "replay-pending";
}

/** The event's live window: "Live 28 Nov 2026, 20:00 UTC to 28 Nov 2026, 22:00 UTC". */
export function eventTimesText(w: Pick<EventWindow, "startsAt" | "endsAt">): string {
  return `Live ${formatAccessTime(w.startsAt)} to ${formatAccessTime(w.endsAt)}`;
}

/** What a ticket lets its holder watch now, in the phase's words. */
export function ticketWindowText(w: EventWindow, now = new Date()): string {
  switch (eventPhase(w, now)) {
    case "upcoming":
      return `Starts ${formatAccessTime(w.startsAt)}; replay until ${formatAccessTime(w.replayUntil)}`;
    case "on-air":
      return `On air until ${formatAccessTime(w.endsAt)}; replay until ${formatAccessTime(w.replayUntil)}`;
    case "replay":
      return `Replay: watch until ${formatAccessTime(w.replayUntil)}`;
    case "replay-pending":
      return `Ended; the replay is being prepared, open until ${formatAccessTime(w.replayUntil)}`;
    case "ended":
      return `Ended; the replay closed ${formatAccessTime(w.replayUntil)}`;
  }
}
