// The error body of the REST interface (supplement §4: {timestamp, status, error, message, path}),
// shared by the REST layer (src/server/rest/error-body.ts) and by answers given before a request
// reaches Next: the launcher's refusal of a path that cannot be decoded (scripts/start.mjs). nginx
// writes the same shape for the errors it answers itself (src/server/media/edge/error-body.js).

/** HTTP reason phrases, the `error` field. */
export const reasonPhrase = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  414: "URI Too Long",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  451: "Unavailable For Legal Reasons",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** The body as an object: `extra` adds `errors` or `exception`. */
export function errorBody(status, message, path, extra = {}) {
  return { timestamp: new Date().toISOString(), status, error: reasonPhrase[status] ?? "Error", message, path, ...extra };
}

/** A Node response with the error body (the launcher's answers); `extra`: a 500's `requestId`. */
export function writeErrorJson(res, status, message, path, extra = {}) {
  const text = JSON.stringify(errorBody(status, message, path.length > 200 ? path.slice(0, 200) : path, extra));
  res.writeHead(status, {
    "Content-Type": "application/json;charset=UTF-8",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  res.end(text);
}
