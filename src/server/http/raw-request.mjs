// The Node request behind a route handler's web Request, for handlers that stream large bodies.
//
// Next hands route handlers a web Request whose body crosses undici's stream machinery: each chunk
// of the socket is copied into a new Uint8Array and passes through a byte stream and a promise. For
// a gigabyte upload that doubles the server's CPU per byte. The launcher (scripts/start.mjs) runs
// each request inside `withRawRequest(req, ...)`; a handler that reads its own body can then take the
// untouched Node stream instead (`rawRequestBody`). Without the launcher (next dev) there is none and
// handlers read the web body as usual.
//
// Plain JS so the launcher can import it without a build step; the Node request rides on the
// process's one async context (request-context.mjs), shared by the launcher's copy of this module and
// the one bundled into the server.
import { nodeRequest, withNodeRequest } from "./request-context.mjs";

/** Runs `handle` with `req` as the raw request of everything it does. */
export function withRawRequest(req, handle) {
  return withNodeRequest(req, handle);
}

/**
 * The Node stream of `request`'s body when the launcher passed it and nothing has read it yet:
 * same method, neither the web body nor the Node stream touched (no reader, no listener for data).
 * Reading it consumes the body; `request.body` must not be read afterwards.
 */
export function rawRequestBody(request) {
  const req = nodeRequest();
  if (!req || req.method !== request.method || request.bodyUsed) return undefined;
  if (req.readableDidRead || req.readableEnded || req.destroyed || req.listenerCount("data") > 0) return undefined;
  return req;
}
