// Types of beacon-request.mjs (plain JS so the launcher and its beacon thread import it without a build step).
import type { IncomingMessage } from "node:http";

export const BEACONS_PATH: string;
export const BEACONS_PATTERN: RegExp;
export interface BeaconRequest {
  body: string;
  address: string;
  userAgent: string;
  acceptLanguage?: string;
}
export function readBeaconRequest(req: IncomingMessage, address: string, done: (request: BeaconRequest | undefined) => void): void;
