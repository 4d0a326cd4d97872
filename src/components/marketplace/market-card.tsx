import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { MarketItemView } from "@/server/domain/marketplace/market-item-view";
import { ContentPicture } from "@/components/content-picture";
import { formatDuration } from "@/lib/wire";
import { TermsBadge, useDurationLabel } from "./terms-label";

/** The widest a card's picture is shown (.vod-card__thumb in the grid), in CSS pixels. */
const PICTURE_WIDTH = 320;

/** One listing: picture, title, license and its terms, the seller (when shown), and the actions given. */
export function MarketCard({
  item,
  currency,
  showSeller,
  children,
}: {
  item: MarketItemView;
  currency: string;
  showSeller: boolean;
  children: ReactNode;
}) {
  const t = item.conditions;
  const tm = useTranslations("market");
  const durationLabel = useDurationLabel();
  return (
    <li className="card vod-card" data-testid="market-item" data-marketplace-id={item.marketplaceId}>
      <ContentPicture content={item} width={PICTURE_WIDTH} className="vod-card__thumb" testId="market-picture" />
      <div className="vod-card__body">
        <h3>{item.title}</h3>
        <p className="vod-card__badges">
          <TermsBadge terms={t} currency={currency} />
          {t.download && <span className="badge">{tm("download")}</span>}
        </p>
        <dl className="vod-card__facts">
          <dt>{tm("durationTerm")}</dt>
          <dd>{formatDuration(item.durationSeconds)}</dd>
          <dt>{tm("license")}</dt>
          <dd>{durationLabel(t)}</dd>
          {showSeller && (
            <>
              <dt>{tm("seller")}</dt>
              <dd data-testid="market-seller">{item.seller.userCode}</dd>
            </>
          )}
        </dl>
        <div className="actions vod-card__actions">{children}</div>
      </div>
    </li>
  );
}
