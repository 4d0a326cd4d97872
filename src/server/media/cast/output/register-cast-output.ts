import { castSlate } from "./slate";
import { renderCastOutput, type CastGrant, type CastOutput } from "./cast-output";

const slot = globalThis as unknown as { __kinoraCastOutput?: (grant: CastGrant) => Promise<CastOutput | null> };

/**
 * Hands the renderer to the launcher's media server (plain JS, which cannot import the application's
 * TypeScript), and starts making the slate so the first playlist need not wait for ffmpeg.
 */
export function registerCastOutput(): void {
  slot.__kinoraCastOutput = (grant) => renderCastOutput(grant);
  castSlate().catch((err: unknown) => console.warn("cast slate:", err instanceof Error ? err.message : err));
}
