// One wording of a live ticket's window, used by the ticket (the player's Buy box), the event page
// and the replay: live until the event's end, then the replay (a recorded event) until
// REPLAY_ACCESS_DAYS after it (the domain's rule: domain/live/live-ticket.ts replayUntil).

const untilFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** What a ticket gives: "the event live and its replay for 7 days after it ends". */
export function ticketCovers(recordEvent: boolean, replayDays: number): string {
  return recordEvent
    ? `the event live and its replay for ${replayDays} ${replayDays === 1 ? "day" : "days"} after it ends`
    : "the event live";
}

/** A ticket holder's window as the player states it, live or replay. */
export function ticketUntil(mode: "LIVE" | "REPLAY", recordEvent: boolean, until: Date): string {
  const what = mode === "REPLAY" ? "the replay" : recordEvent ? "live and then the replay" : "live";
  return `Ticket: you can watch ${what} until ${untilFormat.format(until)}.`;
}
