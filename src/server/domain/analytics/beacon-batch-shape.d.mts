// Types of beacon-batch-shape.mjs (plain JS so the launcher's beacon thread can import it without a build step).

export const BEACON_LIMITS: Readonly<{ maxBeacons: number; maxSessionLength: number; maxDetailLength: number }>;
export function plainBeaconBatch(
  text: string,
): { session: string; events: { type: string; position?: number; value?: number; detail?: string }[] } | undefined;
