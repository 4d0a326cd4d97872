import type { useTranslations } from "next-intl";
import { formatAccessTime } from "@/lib/format";

// How every page states an access window, in the same words and the same time format (formatAccessTime:
// "28 Nov 2026, 14:00 UTC"): a bought video, a live ticket (the event, then its replay), a replay, a
// subscription. Pages call these rather than writing their own sentences, so the ticket, the event
// and the replay never disagree. The sentences are messages payments.access.*, in the page's language.

/** The page's words for access windows: `useTranslations("payments.access")` (or getTranslations) and the page's locale. */
export interface AccessWords {
  t: ReturnType<typeof useTranslations<"payments.access">>;
  locale: string;
}

/** A window that simply ends: a pay-per-view video, a subscription. "Watch until …" / "Ended …". */
export function accessUntilText({ t, locale }: AccessWords, until: Date, now = new Date()): string {
  const time = formatAccessTime(until, locale);
  return until > now ? t("until", { time }) : t("ended", { time });
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
export function eventTimesText({ t, locale }: AccessWords, w: Pick<EventWindow, "startsAt" | "endsAt">): string {
  return t("eventTimes", { start: formatAccessTime(w.startsAt, locale), end: formatAccessTime(w.endsAt, locale) });
}

/** What a ticket lets its holder watch now, in the phase's words. */
export function ticketWindowText({ t, locale }: AccessWords, w: EventWindow, now = new Date()): string {
  const times = {
    start: formatAccessTime(w.startsAt, locale),
    end: formatAccessTime(w.endsAt, locale),
    replayUntil: formatAccessTime(w.replayUntil, locale),
  };
  switch (eventPhase(w, now)) {
    case "upcoming":
      return t("upcoming", times);
    case "on-air":
      return t("onAir", times);
    case "replay":
      return t("replay", times);
    case "replay-pending":
      return t("replayPending", times);
    case "ended":
      return t("closed", times);
  }
}
