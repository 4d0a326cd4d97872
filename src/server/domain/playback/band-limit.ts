import type { Db } from "@/server/db/client";
import { readBandStatus, type BandStatus } from "./band-usage";
import type { PlayRefused } from "./sign-playback";

/**
 * BAND_LIMIT_EXCEEDED (supplement §1) when the publisher's band for this month is used up, else
 * undefined. For plays by the audience (vod, marketplace, live, cast): the bytes they would pull
 * are the publisher's. The owner's own box play does not call it (see play-box.ts).
 */
export async function bandLimitRefusal(db: Db, publisherId: string, now = new Date()): Promise<PlayRefused | undefined> {
  return bandRefusalOf(await readBandStatus(db, publisherId, now));
}

/** The refusal of a band status already read. */
export function bandRefusalOf(band: BandStatus | undefined): PlayRefused | undefined {
  return band?.exceeded ? { result: "BAND_LIMIT_EXCEEDED", messageId: "playback.bandLimitExceeded" } : undefined;
}
