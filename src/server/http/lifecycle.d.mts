// Types of lifecycle.mjs (plain JS so the launcher can import it without a build step).

/** True once the process has begun to stop. */
export function isStopping(): boolean;
/** Runs `hook` when the stop begins (while requests in flight still finish). */
export function whenStopping(hook: () => unknown): void;
/** Runs `hook` once the server has stopped serving (no request in flight), last hook registered first. */
export function whenStopped(hook: () => unknown): void;
/** Marks the process as stopping and runs the `whenStopping` hooks (the launcher, on SIGTERM or SIGINT). */
export function markStopping(): Promise<void>;
/** Runs the `whenStopped` hooks, one after the other, the last registered first. */
export function runStopped(): Promise<void>;
/** The app's start-up finished (`err`: it failed, and the process must not serve). */
export function markStarted(err?: unknown): void;
/** Settles once the app's start-up has finished: rejected with its error when it failed. */
export function whenStarted(): Promise<void>;
