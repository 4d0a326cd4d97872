import type { Db } from "@/server/db/client";
import { warmCastSlate } from "./slate";
import { renderCastOutput, type CastGrant, type CastOutput } from "./cast-output";

const slot = globalThis as unknown as { __kinoraCastOutput?: (grant: CastGrant) => Promise<CastOutput | null> };

/**
 * Hands the renderer to the launcher's media server (plain JS, which cannot import the application's
 * TypeScript), and, when there are cast channels, starts making the slate so the first playlist need
 * not wait for ffmpeg (an instance without channels never runs it; a new channel starts it).
 */
export async function registerCastOutput(db: Db): Promise<void> {
  slot.__kinoraCastOutput = (grant) => renderCastOutput(grant);
  if (await db.castChannel.findFirst({ select: { id: true } })) warmCastSlate();
}
