import type { LiveEventView } from "@/server/domain/live/event-view";
import { formatPrice } from "@/lib/format";

const whenFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** An event's window and price in a line ("24 Nov 2026, 20:00 - 22:00 UTC · €4.90"); the player shows the viewer's own time. */
export function EventWhen({ event, currency }: { event: LiveEventView; currency: string }) {
  return (
    <span className="muted">
      <time dateTime={event.startsAt.toISOString()}>{whenFormat.format(event.startsAt)}</time> –{" "}
      <time dateTime={event.endsAt.toISOString()}>{whenFormat.format(event.endsAt)}</time> UTC
      {" · "}
      {event.paymentMode === "PAY_PER_VIEW" && event.pricePerViewCents !== undefined
        ? formatPrice(event.pricePerViewCents, currency)
        : "Free"}
    </span>
  );
}
