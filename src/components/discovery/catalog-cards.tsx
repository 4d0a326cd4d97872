import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { bundlePath } from "@/components/bundles/bundle-period";
import { Avatar, creatorName } from "@/components/viewer/avatar";
import type { CastChannelCard, LiveChannelCard } from "@/server/domain/discovery/catalog-channels";
import type { BundleView } from "@/server/domain/bundles/bundle-view";
import type { LiveEventView } from "@/server/domain/live/event-view";
import type { PublicUser } from "@/server/domain/users/public-user";
import { env } from "@/server/env";
import { castChannelPath } from "@/lib/cast-urls";
import { formatAccessTime, formatPrice } from "@/lib/format";
import { liveChannelPath } from "@/lib/live-urls";
import { creatorPath, thumbnailPath } from "@/lib/vod-urls";

/** The widest a card's picture is shown (as the video cards), in CSS pixels. */
const CARD_PICTURE_WIDTH = 320;

/** A start time in the words of every access window (formatAccessTime: "28 Nov 2026, 20:00 UTC"). */
const when = (d: Date, locale: string) => <time dateTime={d.toISOString()}>{formatAccessTime(d, locale)}</time>;

/** One card of a grid: the picture (16:9, a corner badge), the title in two lines at most, a line under it. */
function Card({
  href,
  thumbnailId,
  title,
  corner,
  meta,
  kind,
}: {
  href: string;
  thumbnailId?: string;
  title: string;
  corner?: ReactNode;
  meta?: ReactNode;
  kind: string;
}) {
  return (
    <li className="catalog-card" data-testid={`${kind}-card`}>
      <Link href={href} className="catalog-card__link" prefetch={false}>
        <span className="catalog-card__media">
          {thumbnailId ? (
            <img className="catalog-card__picture" src={thumbnailPath(thumbnailId, 2 * CARD_PICTURE_WIDTH)} alt="" loading="lazy" />
          ) : (
            <span className="catalog-card__picture catalog-card__placeholder" aria-hidden="true">
              {title.charAt(0)}
            </span>
          )}
          {corner && <span className="catalog-card__duration">{corner}</span>}
        </span>
        <span className="catalog-card__title">{title}</span>
      </Link>
      {meta && <p className="catalog-card__meta">{meta}</p>}
    </li>
  );
}

const Creator = ({ user }: { user: PublicUser }) => (
  <Link href={creatorPath(user.userCode)} prefetch={false}>
    {creatorName(user)}
  </Link>
);

export function BundleCards({ bundles }: { bundles: BundleView[] }) {
  const t = useTranslations("home.cards");
  const locale = useLocale();
  const currency = env().CURRENCY;
  return (
    <ul className="catalog-grid">
      {bundles.map((b) => (
        <Card
          key={b.bundleId}
          kind="bundle"
          href={bundlePath(b.bundleId)}
          thumbnailId={b.thumbnailId}
          title={b.name}
          corner={t("videos", { n: b.itemCount })}
          meta={
            <>
              <span className="badge badge--pay-per-view">{formatPrice(b.priceCents, currency, locale)}</span>
              <Creator user={b.publisher} />
            </>
          }
        />
      ))}
    </ul>
  );
}

/** Live events on air or to come (the home page's live row), each leading to its channel's page. */
export function LiveEventCards({ events }: { events: LiveEventView[] }) {
  const t = useTranslations("home.cards");
  const locale = useLocale();
  return (
    <ul className="catalog-grid">
      {events.map((e) => (
        <Card
          key={e.eventId}
          kind="live-event"
          href={liveChannelPath(e.channel.channelId)}
          thumbnailId={e.thumbnailId ?? e.channel.thumbnailId}
          title={e.name}
          corner={e.onAir ? t("live") : undefined}
          meta={
            <>
              {e.onAir ? (
                <span className="badge badge--danger">{t("onAirNow")}</span>
              ) : (
                <span>{t.rich("starts", { time: () => when(e.startsAt, locale) })}</span>
              )}
              <span>{e.channel.name}</span>
            </>
          }
        />
      ))}
    </ul>
  );
}

export function LiveChannelCards({ cards }: { cards: LiveChannelCard[] }) {
  const t = useTranslations("home.cards");
  const locale = useLocale();
  return (
    <ul className="catalog-grid">
      {cards.map(({ channel, event }) => (
        <Card
          key={channel.channelId}
          kind="live-channel"
          href={liveChannelPath(channel.channelId)}
          thumbnailId={channel.thumbnailId}
          title={channel.name}
          corner={event?.onAir ? t("live") : undefined}
          meta={
            <>
              {event?.onAir ? (
                <span className="badge badge--danger">{t("onAirEvent", { name: event.name })}</span>
              ) : event ? (
                <span>{t.rich("next", { name: event.name, time: () => when(event.startsAt, locale) })}</span>
              ) : (
                <span className="muted">{t("noEvent")}</span>
              )}
              <Creator user={channel.publisher} />
            </>
          }
        />
      ))}
    </ul>
  );
}

export function CastChannelCards({ cards }: { cards: CastChannelCard[] }) {
  const t = useTranslations("home.cards");
  return (
    <ul className="catalog-grid">
      {cards.map(({ channel, now }) => (
        <Card
          key={channel.channelId}
          kind="cast-channel"
          href={castChannelPath(channel.channelId)}
          thumbnailId={channel.thumbnailId}
          title={channel.name}
          corner={now ? t("onAir") : undefined}
          meta={
            <>
              {now ? <span>{t("now", { title: now.title })}</span> : <span className="muted">{t("between")}</span>}
              <Creator user={channel.publisher} />
            </>
          }
        />
      ))}
    </ul>
  );
}

export function CreatorCards({ users }: { users: PublicUser[] }) {
  return (
    <ul className="creator-grid">
      {users.map((u) => (
        <li key={u.userCode} className="creator-card" data-testid="creator-card">
          <Link href={creatorPath(u.userCode)} prefetch={false}>
            <Avatar user={u} />
            <span className="creator-card__name">{creatorName(u)}</span>
            <span className="muted">@{u.userCode}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
