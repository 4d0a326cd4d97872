// Types of media-node.mjs.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { MediaLogWriter } from "./media-log.mjs";

export function resolveMediaKey(env: Record<string, string | undefined>, dataDir: string): string;
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | "unsatisfiable" | null;
export function refuse(res: ServerResponse, status: number, extra?: Record<string, string>): void;
export function createMediaHandler(o: {
  key: string;
  env: Record<string, string | undefined>;
  storageRoot: string;
  log?: MediaLogWriter;
}): (req: IncomingMessage, res: ServerResponse) => void;
