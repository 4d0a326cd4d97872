// nginx (njs) body of the errors nginx answers itself (a request it cannot parse: NUL or bad
// percent-encoding in the path, a URL or headers over its limits): the REST interface's error body
// (src/server/http/error-json.mjs), so a client reads the same JSON whoever refused it.
// Loaded with `js_import errors from <this file>`, used as `js_set $kinora_error_body errors.body`.

var REASONS = { 400: "Bad Request", 405: "Method Not Allowed", 408: "Request Timeout", 414: "URI Too Long" };
var MESSAGES = { 405: "Method not allowed", 414: "The request URI is too long" };

function body(r) {
  var status = Number(r.variables.status) || 400;
  // the path as the client sent it (r.uri is the error location's by now), without the query
  var path = String(r.variables.request_uri || "/").split("?")[0];
  if (path.length > 200) path = path.slice(0, 200);
  return JSON.stringify({
    timestamp: new Date().toISOString(),
    status: status,
    error: REASONS[status] || "Error",
    message: MESSAGES[status] || "The request is malformed",
    path: path,
  });
}

export default { body: body };
