// Types of error-json.mjs (plain JS so the launcher can import it without a build step).
import type { ServerResponse } from "node:http";

export const reasonPhrase: Record<number, string>;
export function errorBody(
  status: number,
  message: string,
  path: string,
  extra?: Record<string, unknown>,
): { timestamp: string; status: number; error: string; message: string; path: string } & Record<string, unknown>;
export function writeErrorJson(res: ServerResponse, status: number, message: string, path: string, extra?: Record<string, unknown>): void;
