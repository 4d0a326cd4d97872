import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { optionalUserId } from "@/server/core/context";
import { issuePlaySession, type PlayKind, type PlaySource } from "@/server/auth/play-session";
import type { PlayOutcome } from "@/server/domain/playback/sign-playback";

// A granted play carries the play session its player's beacons are counted against (docs/analytics.md):
// issued here, by every play operation that gives the audience a content (vod, bundle vod, live
// event and its replay, cast channel), never stored. The box player and previews get none: they are
// not audience plays.

/**
 * Where the play happens, said by Kinora's own players (watch, embed, bundle, live and channel
 * pages); a REST client says nothing and its plays are "direct". embedHost: the host of the page
 * embedding the player (only the host is kept).
 */
export const playOriginInput = z
  .object({
    source: z.enum(["watch", "embed", "bundle", "channel", "direct"]).optional(),
    embedHost: z.string().max(255).optional(),
  })
  .optional()
  .catch(undefined)
  .describe("where the play happens, as Kinora's own players say it (analytics; REST clients leave it out: direct)");

export type PlayOrigin = z.output<typeof playOriginInput>;

/** What is played, for its session. durationSeconds: the content's (0 for live and linear channels). */
export interface PlayTarget {
  kind: PlayKind;
  itemId: string;
  ownerId: string;
  durationSeconds?: number | null;
}

/** The result of a play, with the play session token when it plays (not in the document's shape). */
export type WithPlaySession<T> = T & { playSession?: string };

/** A host name of at most 253 characters, lower case, or undefined: what an embedding page's host is kept as. */
function hostOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const host = value.trim().toLowerCase();
  return /^[a-z0-9.-]{1,253}(:\d{1,5})?$/.test(host) ? host : undefined;
}

/** `outcome` with a new play session when it is a PLAY; a refusal as it is. */
export function withPlaySession<T extends PlayOutcome>(ctx: Ctx, outcome: T, target: PlayTarget, origin: PlayOrigin): WithPlaySession<T> {
  if (outcome.result !== "PLAY") return outcome;
  const source: PlaySource = origin?.source ?? "direct";
  const viewerId = optionalUserId(ctx);
  const { token } = issuePlaySession({
    kind: target.kind,
    itemId: target.itemId,
    ownerId: target.ownerId,
    ...(viewerId ? { viewerId } : {}),
    source,
    ...(source === "embed" && hostOf(origin?.embedHost) ? { embedHost: hostOf(origin?.embedHost) } : {}),
    durationSeconds: Math.max(0, target.durationSeconds ?? 0),
  });
  return { ...outcome, playSession: token };
}
