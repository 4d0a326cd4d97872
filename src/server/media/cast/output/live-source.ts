import type { CastLiveSource } from "../playout-types";
import type { StreamRef } from "./channel-schedule";

/** A cast stream's HLS as the live ingest has it now (null: nothing published). */
export async function castLiveSource(_ref: StreamRef, _nowMs: number): Promise<CastLiveSource | null> {
  return null;
}
