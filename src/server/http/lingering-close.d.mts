import type { Server } from "node:http";

export function lingerOnClose(server: Server, opts?: { lingerMs?: number }): void;
