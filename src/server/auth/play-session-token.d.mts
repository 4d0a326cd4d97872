// Types of play-session-token.mjs (plain JS so the launcher's beacon thread can import it without a build step).
import type { PlaySession } from "./play-session";

export const PLAY_SESSION_VERSION: string;
export const PLAY_SESSION_MAX_AGE_SECONDS: number;
export function playSessionKey(secret: string | Uint8Array): Buffer;
export function signPlaySession(key: Uint8Array, payload: string): Buffer;
export function playSessionVerifier(key: Uint8Array): (token: unknown, now?: number) => PlaySession | undefined;
