import type { VodItemView } from "@/server/domain/vod/vod-item-view";
import { env } from "@/server/env";
import { formatPrice } from "@/lib/format";
import { thumbnailPath } from "@/lib/vod-urls";
import type { VodPlayerProps } from "./vod-player";

/** Widest the player is shown (the watch page's column), asked for dense screens too. */
const POSTER_WIDTH = 1280;

/** The picture of a vod: the thumbnail its owner chose, else the poster the ingest grabbed (a signed URL). */
export function vodPicture(vod: VodItemView, width: number): string | undefined {
  return vod.thumbnailId ? thumbnailPath(vod.thumbnailId, width) : vod.posterUrl;
}

/** The price of a pay-per-view vod as people read it ("€2.50"); undefined for the others. */
export function vodPrice(vod: VodItemView): string | undefined {
  return vod.licenseType === "PAY_PER_VIEW" && vod.pricePerViewCents !== undefined
    ? formatPrice(vod.pricePerViewCents, env().CURRENCY)
    : undefined;
}

/** What the player (a client component) gets of a vod on the server: only what it shows. */
export function playerProps(vod: VodItemView, embedded: boolean): VodPlayerProps {
  return {
    vodId: vod.vodId,
    title: vod.title,
    price: vodPrice(vod),
    accessHours: env().PPV_ACCESS_HOURS,
    poster: vodPicture(vod, POSTER_WIDTH),
    embedded,
  };
}
