// Types of raw-request.mjs (plain JS so the launcher can import it without a build step).
import type { IncomingMessage } from "node:http";

export function withRawRequest<T>(req: IncomingMessage, handle: () => T): T;
export function rawRequestBody(request: Request): IncomingMessage | undefined;
