import { randomUUID } from "node:crypto";

// This process's identity for the things it writes in flight: the name of its storage temp directory
// (.tmp/<id>/) and the writer of its upload progress bars; on PostgreSQL also its ProcessLease row.
// One per process (Next may load this module in several chunks), new at every start: what a killed
// process left can never be taken for the new one's.
const slot = globalThis as unknown as { __kinoraProcessId?: string };

export function processId(): string {
  slot.__kinoraProcessId ??= randomUUID();
  return slot.__kinoraProcessId;
}
