// The process's stop: the launcher (scripts/start.mjs) marks it on SIGTERM, and /readyz answers 503
// from then on, so a load balancer takes this instance out while its requests in flight finish.
// Plain JS for the launcher; one flag per process, on globalThis, since Next bundles its own copy.

const slot = /** @type {{ __kinoraStopping?: boolean }} */ (globalThis);

/** Marks the process as stopping (the launcher, on SIGTERM or SIGINT). */
export function markStopping() {
  slot.__kinoraStopping = true;
}

/** True once the process has begun to stop. */
export function isStopping() {
  return slot.__kinoraStopping === true;
}
