import type { LiveEventView } from "@/server/domain/live/event-view";
import { useLocale, useTranslations } from "next-intl";
import { formatAccessTime, formatPrice } from "@/lib/format";

/** An event's window and price in a line ("24 Nov 2026, 20:00 UTC – 24 Nov 2026, 22:00 UTC · €4.90"), in the access windows' time format. */
export function EventWhen({ event, currency }: { event: LiveEventView; currency: string }) {
  const t = useTranslations("live");
  const locale = useLocale();
  return (
    <span className="muted">
      <time dateTime={event.startsAt.toISOString()}>{formatAccessTime(event.startsAt, locale)}</time> –{" "}
      <time dateTime={event.endsAt.toISOString()}>{formatAccessTime(event.endsAt, locale)}</time>
      {" · "}
      {event.paymentMode === "PAY_PER_VIEW" && event.pricePerViewCents !== undefined
        ? formatPrice(event.pricePerViewCents, currency, locale)
        : t("free")}
    </span>
  );
}
