// POST /api/public/analytics/beacons as the launcher (scripts/start.mjs) and its beacon thread
// (scripts/beacon-thread.mjs) read it for the analytics intake (rest/beacon-intake.ts
// RawBeaconRequest): the body, at most 64 KB, as text, the caller's address, two headers.

export const BEACONS_PATH = "/api/public/analytics/beacons";
export const BEACONS_PATTERN = /^\/api\/public\/analytics\/beacons\/?$/;
const MAX_BYTES = 64 * 1024;

/**
 * Reads `req`'s body; then `done(request)`, or `done(undefined)` when the body is over 64 KB (the
 * caller answers 413). `address` is the caller's, as the reader resolves it.
 */
export function readBeaconRequest(req, address, done) {
  const chunks = [];
  let size = 0;
  req.on("data", (chunk) => {
    size += chunk.length;
    if (size <= MAX_BYTES) chunks.push(chunk);
  });
  req.on("end", () => {
    if (size > MAX_BYTES) return done(undefined);
    done({
      body: Buffer.concat(chunks).toString("utf8"),
      address,
      userAgent: req.headers["user-agent"] ?? "",
      acceptLanguage: req.headers["accept-language"],
    });
  });
}
