// Types of body-limits.mjs (plain JS so the launcher can import it without a build step).
import type { IncomingMessage, ServerResponse } from "node:http";

export const BODY_LIMITS: [pattern: RegExp, cap: number | null, what: string][];
export function bodyLimitOf(pathname: string): number | null;
export function formatBytes(bytes: number): string;
export function answersJson(pathname: string): boolean;
export function refuseDeclaredTooLarge(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  errorJson: (res: ServerResponse, status: number, message: string, path: string) => void,
): boolean;
