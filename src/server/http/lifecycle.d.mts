// Types of lifecycle.mjs (plain JS so the launcher can import it without a build step).

/** Marks the process as stopping (the launcher, on SIGTERM or SIGINT). */
export function markStopping(): void;
/** True once the process has begun to stop. */
export function isStopping(): boolean;
