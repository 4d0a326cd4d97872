import Link from "next/link";
import { useTranslations } from "next-intl";
import { ContentPicture } from "@/components/content-picture";
import { LicenseBadge } from "@/components/vod/license-badge";
import type { VodItemView } from "@/server/domain/vod/vod-item-view";
import { env } from "@/server/env";
import { formatDuration } from "@/lib/wire";
import { creatorPath, watchPath } from "@/lib/vod-urls";
import { creatorName } from "./avatar";

/** The widest a card's picture is shown (.catalog-card in the grid), in CSS pixels. */
const CARD_PICTURE_WIDTH = 320;

/** Vods as a grid of cards linking to their watch pages; `withPublisher` names each one's creator (home page). */
export function VodGrid({ vods, withPublisher = false }: { vods: VodItemView[]; withPublisher?: boolean }) {
  const t = useTranslations("watch");
  const currency = env().CURRENCY;
  return (
    <ul className="catalog-grid" data-testid="catalog-grid">
      {vods.map((vod) => (
        <li key={vod.vodId} className="catalog-card" data-testid="catalog-card" data-vod-id={vod.vodId}>
          {/* no prefetch: a grid would render a dozen watch pages on the server for each listing shown */}
          <Link href={watchPath(vod.vodId)} className="catalog-card__link" prefetch={false}>
            <span className="catalog-card__media">
              <ContentPicture content={vod} width={CARD_PICTURE_WIDTH} className="catalog-card__picture" testId="catalog-picture" />
              {vod.durationSeconds !== null && (
                <span className="catalog-card__duration">
                  <span className="visually-hidden">{t("duration")}</span>
                  {formatDuration(vod.durationSeconds)}
                </span>
              )}
            </span>
            <span className="catalog-card__title">{vod.title}</span>
          </Link>
          <p className="catalog-card__meta">
            <LicenseBadge vod={vod} currency={currency} />
            <span className="catalog-card__views" data-testid="catalog-views">
              {t("views", { count: vod.views })}
            </span>
            {withPublisher && (
              <Link href={creatorPath(vod.publisher.userCode)} prefetch={false}>
                {creatorName(vod.publisher)}
              </Link>
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}
