// Types of logger.mjs (plain JS so the launcher can import it without a build step).
import type { Logger } from "pino";

export const LOG_LEVELS: readonly ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
/** Field names (lower case) censored at any depth of a logged object. */
export const REDACTED_KEYS: ReadonlySet<string>;
/** `value` with the fields named in REDACTED_KEYS censored (a copy only when one is found). */
export function redactFields<T>(value: T): T;
export function scrubSecrets(text: string): string;
export function logger(): Logger;
/** One info line of fields the caller serialised (`,"name":value` each) and scrubbed, in the logger's shape. */
export function writeInfoLine(members: string, msg: string): void;
export function withLogContext<T>(fields: Record<string, unknown>, run: () => T): T;
export function logContext(): Record<string, unknown> | undefined;
export function captureConsole(): void;
