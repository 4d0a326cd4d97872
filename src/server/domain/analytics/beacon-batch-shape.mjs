// The limits of a batch of beacons (intake.ts's schema is built from them), and the one check the
// launcher's beacon thread makes before it answers a batch itself (scripts/beacon-thread.mjs): a
// batch of the plain shape the players send, which the schema certainly accepts as it is. Anything
// else (a missing or mistyped field, a number out of JSON's range, an escaped character that might be
// text the database cannot hold) is for the application to judge and answer with its error.
// Plain JS so that the beacon thread imports it without a build step.

export const BEACON_LIMITS = Object.freeze({ maxBeacons: 50, maxSessionLength: 2048, maxDetailLength: 100 });

const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
const optionalFinite = (v) => v === undefined || (typeof v === "number" && Number.isFinite(v));

/**
 * Whether `text`, a request's body, holds a batch of the plain shape: a JSON object with a `session`
 * string and an `events` array of objects with a string `type` and, when present, finite `position`
 * and `value` and a string `detail`, within BEACON_LIMITS, and no `\u` escape (all text then comes
 * from the body's UTF-8 as it is, which holds no NUL and no lone surrogate: storable). Gives the batch
 * as parsed, or undefined.
 */
export function plainBeaconBatch(text) {
  if (text.includes("\\u")) return undefined;
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(value)) return undefined;
  const { session, events } = value;
  if (typeof session !== "string" || session.length > BEACON_LIMITS.maxSessionLength) return undefined;
  if (!Array.isArray(events) || events.length > BEACON_LIMITS.maxBeacons) return undefined;
  for (const e of events) {
    if (!isObject(e) || typeof e.type !== "string" || !optionalFinite(e.position) || !optionalFinite(e.value)) return undefined;
    if (e.detail !== undefined && (typeof e.detail !== "string" || e.detail.length > BEACON_LIMITS.maxDetailLength)) return undefined;
  }
  return value;
}
