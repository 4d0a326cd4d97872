import { contentPictureSrc } from "@/components/content-picture";
import type { VodItemView } from "@/server/domain/vod/vod-item-view";
import { env } from "@/server/env";
import { formatPrice } from "@/lib/format";
import type { VodPlayerProps } from "./vod-player";
import { bundlePath } from "@/components/bundles/bundle-period";

/** The widest the player is shown (the watch page's column), in CSS pixels. */
const PLAYER_WIDTH = 640;

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
    bundle: vod.bundle && { name: vod.bundle.name, href: bundlePath(vod.bundle.bundleId) },
    accessHours: env().PPV_ACCESS_HOURS,
    poster: contentPictureSrc(vod, PLAYER_WIDTH),
    embedded,
  };
}

/** A shared link's start time (`?t=83`, whole seconds) as the player's startAt; undefined for anything else. */
export function startAtOf(t: string | string[] | undefined): number | undefined {
  const text = Array.isArray(t) ? t[0] : t;
  return text && /^\d{1,6}$/.test(text) ? Number(text) : undefined;
}
