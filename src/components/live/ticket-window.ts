import { eventPhase, type EventWindow } from "@/components/payments/access-window";

// A live ticket's window on top of the shared access windows (payments/access-window.ts): the ticket
// (the player's Buy box), the event page and the replay say it with the same messages (live.covers,
// live.ticketUntil) and the same time format (formatAccessTime, UTC).

/** A ticket's window: the event live, then its replay until REPLAY_ACCESS_DAYS after the end (domain/live/live-ticket.ts replayUntil). */
export function ticketWindow(event: { startsAt: Date; endsAt: Date; recordEvent: boolean }, replayDays: number): EventWindow {
  return {
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    replayUntil: new Date(event.endsAt.getTime() + replayDays * 86_400_000),
    recorded: event.recordEvent,
  };
}

/** What a ticket holder watches until its access ends (live.watch*): the replay once the event is over, else live (then the replay of a recorded event). */
export function ticketWatchKey(
  mode: "LIVE" | "REPLAY",
  event: { startsAt: Date; endsAt: Date; recordEvent: boolean } | undefined,
  now = new Date(),
): "watchReplay" | "watchLiveThenReplay" | "watchLive" {
  const over = event ? !["upcoming", "on-air"].includes(eventPhase(ticketWindow(event, 0), now)) : false;
  if (mode === "REPLAY" || over) return "watchReplay";
  return event?.recordEvent ? "watchLiveThenReplay" : "watchLive";
}
