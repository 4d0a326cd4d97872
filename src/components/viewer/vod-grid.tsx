import Link from "next/link";
import type { VodItemView } from "@/server/domain/vod/vod-item-view";
import { formatDuration } from "@/server/rest/wire";
import { creatorPath, watchPath } from "@/lib/vod-urls";
import { creatorName } from "./avatar";
import { LicenseBadge } from "./license-badge";
import { vodPicture, vodPrice } from "./player-props";

/** Cards are at most about 320 CSS pixels wide: their pictures are asked twice as wide, for dense screens. */
const CARD_PICTURE_WIDTH = 640;

/** Vods as a grid of cards linking to their watch pages; `withPublisher` names each one's creator (home page). */
export function VodGrid({ vods, withPublisher = false }: { vods: VodItemView[]; withPublisher?: boolean }) {
  return (
    <ul className="vod-grid" data-testid="vod-grid">
      {vods.map((vod) => (
        <VodCard key={vod.vodId} vod={vod} withPublisher={withPublisher} />
      ))}
    </ul>
  );
}

function VodCard({ vod, withPublisher }: { vod: VodItemView; withPublisher: boolean }) {
  const picture = vodPicture(vod, CARD_PICTURE_WIDTH);
  return (
    <li className="vod-card" data-testid="vod-card" data-vod-id={vod.vodId}>
      {/* no prefetch: a grid would render a dozen watch pages on the server for each listing shown */}
      <Link href={watchPath(vod.vodId)} className="vod-card__link" prefetch={false}>
        <span className="vod-card__media">
          {picture ? <img src={picture} alt="" loading="lazy" decoding="async" /> : null}
          {vod.durationSeconds !== null && (
            <span className="vod-card__duration">
              <span className="visually-hidden">Duration </span>
              {formatDuration(vod.durationSeconds)}
            </span>
          )}
        </span>
        <span className="vod-card__title">{vod.title}</span>
      </Link>
      <p className="vod-card__meta">
        <LicenseBadge vod={vod} price={vodPrice(vod)} />
        {withPublisher && (
          <Link href={creatorPath(vod.publisher.userCode)} prefetch={false}>
            {creatorName(vod.publisher)}
          </Link>
        )}
      </p>
    </li>
  );
}
