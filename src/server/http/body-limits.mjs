// The request body caps: one table, by path, of how many bytes each route may be sent. The launcher
// (scripts/start.mjs) answers 413 at once when a Content-Length announces more, before Next or its
// proxy sees the request (Next's proxy copies a body it sees, up to 10 MB); the readers of bodies
// (rest/read-body.ts and the routes that use it) stop at the same cap while a body without a
// Content-Length (chunked) arrives, and answer 413 too. Uploads cap themselves: the license's file
// size (POST /api/box, tus at /uploads/box), the thumbnail's (domain/thumbnails) and the caption
// file's (domain/captions): `null` here.
//
// Plain JS so the launcher can import it without a build step.

const KIB = 1024;
const MIB = 1024 * KIB;

/** [path pattern, cap in bytes or null (the route caps itself), what is sent there]; the first match wins. */
export const BODY_LIMITS = [
  [/^\/api\/box\/?$/, null, "video upload (multipart): the license's maxVideoSize"],
  [/^\/api\/thumbnail\/?$/, null, "thumbnail upload (multipart): the thumbnail's own cap"],
  [/^\/api\/box\/[^/]+\/captions\/?$/, null, "caption upload (multipart): the caption file's own cap"],
  [/^\/uploads\//, null, "the portal's uploads (tus, thumbnails): their own caps"],
  [/^\/api\/trpc(\/|$)/, MIB, "the portal's tRPC calls (JSON)"],
  [/^\/api(\/|$)/, MIB, "REST (JSON)"],
  [/^\/oauth\/token\/?$/, 64 * KIB, "token requests (form)"],
  [/^\/auth\//, 64 * KIB, "portal sign-in (next-auth forms)"],
  [/^\/checkout\/[^/]+(\/outcome)?\/?$/, 16 * KIB, "the sandbox checkout's outcome (a one-field form)"],
  [/^\/internal\/live\//, 64 * KIB, "nginx-rtmp's callbacks (form)"],
  [/^\/payments\/stripe\/webhook\/?$/, MIB, "Stripe's events (JSON)"],
  [/^/, 64 * KIB, "everything else (pages and files read no body)"],
];

/** The cap of a path's request bodies in bytes; null when the route caps its body itself. */
export function bodyLimitOf(pathname) {
  for (const [pattern, cap] of BODY_LIMITS) if (pattern.test(pathname)) return cap;
  return null;
}

/** "16 KiB", "1 MiB": a cap as people read it. */
export function formatBytes(bytes) {
  return bytes >= MIB && bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${Math.round(bytes / KIB)} KiB`;
}

/** Whether the path's refusals are JSON error bodies (REST and the other machine endpoints) rather than a page. */
export function answersJson(pathname) {
  return /^\/(api|oauth|payments|internal|uploads|oembed|asset|download|cast|healthz|readyz)(\/|$)/.test(pathname);
}

/**
 * The launcher's check of a request before it reaches Next: when its Content-Length is over the
 * path's cap, answers 413 (the REST error body, or a small page) with Connection: close and returns
 * true; the body is not read (the lingering close takes what is in flight).
 */
export function refuseDeclaredTooLarge(req, res, pathname, errorJson) {
  if (req.method === "GET" || req.method === "HEAD") return false;
  const cap = bodyLimitOf(pathname);
  const declared = Number(req.headers["content-length"] ?? 0);
  if (cap === null || !(declared > cap)) return false;
  const message = `The request body is larger than the ${formatBytes(cap)} this address accepts`;
  res.setHeader("Connection", "close");
  if (answersJson(pathname)) {
    errorJson(res, 413, message, pathname);
    return true;
  }
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>413 Payload Too Large</title></head><body><h1>Payload Too Large</h1><p>${message}.</p></body></html>`;
  res.writeHead(413, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(html),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  res.end(html);
  return true;
}
