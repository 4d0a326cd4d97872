// The process's start and stop. Start: the app's start-up (src/instrumentation.ts: database,
// migrations, this node's place among the others) reports how it went, and the launcher waits for
// that before it says it is ready, or refuses to start. Stop (docs/operations.md "Stopping"). The launcher (scripts/start.mjs) marks it on
// SIGTERM: /readyz answers 503 from then on, and the `whenStopping` hooks run at once (the job worker
// hands its jobs back); once the requests in flight have finished, the `whenStopped` hooks run (the
// database closes). The app registers its hooks from src/instrumentation.ts.
// Plain JS for the launcher; one state per process, on globalThis, since Next bundles its own copy.
import { logger } from "../log/logger.mjs";

const slot =
  /** @type {{ __kinoraLifecycle?: { stopping: boolean, stoppingHooks: Function[], stoppedHooks: Function[], started: { promise: Promise<void>, settle: (err?: unknown) => void } } }} */ (
    globalThis
  );
const state = (slot.__kinoraLifecycle ??= { stopping: false, stoppingHooks: [], stoppedHooks: [], started: startSignal() });

function startSignal() {
  let settle = () => {};
  const promise = new Promise((resolve, reject) => (settle = (err) => (err ? reject(err) : resolve())));
  promise.catch(() => {}); // told to whoever waits; not an unhandled rejection before that
  return { promise, settle };
}

/** The app's start-up finished (`err`: it failed, and the process must not serve). */
export function markStarted(err) {
  state.started.settle(err);
}

/** Settles once the app's start-up has finished: rejected with its error when it failed. */
export function whenStarted() {
  return state.started.promise;
}

/** True once the process has begun to stop. */
export function isStopping() {
  return state.stopping;
}

/** Runs `hook` when the stop begins (while requests in flight still finish). */
export function whenStopping(hook) {
  state.stoppingHooks.push(hook);
}

/** Runs `hook` once the server has stopped serving (no request in flight), last hook registered first. */
export function whenStopped(hook) {
  state.stoppedHooks.push(hook);
}

const runAll = (hooks) =>
  Promise.all(
    hooks.map(async (hook) => {
      try {
        await hook();
      } catch (err) {
        logger().error({ err }, "stop hook failed");
      }
    }),
  );

/** Marks the process as stopping and runs the `whenStopping` hooks (the launcher, on SIGTERM or SIGINT). */
export function markStopping() {
  state.stopping = true;
  return runAll(state.stoppingHooks);
}

/** Runs the `whenStopped` hooks, one after the other, the last registered first. */
export async function runStopped() {
  for (const hook of [...state.stoppedHooks].reverse()) await runAll([hook]);
}
