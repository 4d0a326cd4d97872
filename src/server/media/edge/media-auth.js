// nginx (njs 0.7, Debian's libnginx-mod-http-js) check of signed media URLs: the port of
// verifyMediaPath in media-url.mjs, kept in step by the contract tests, which run the same matrix
// against nginx and against the Node media server. Loaded with `js_import media from <this file>`
// and used as `js_set $media_ok media.verify`: "1" grants the request, anything else is a 403.
// The key arrives in $media_key (js_var in the generated nginx.conf, a file of mode 0600).
import crypto from "crypto";

var UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
var SEGMENT = "[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}";
var FILE = "(?:" + SEGMENT + "/){0,2}" + SEGMENT + "\\.(?:m3u8|ts|m4s|mp4|aac|vtt|jpg)";
// groups: 1 validity (<expires>, <notBefore>-<expires>, or f<expires>: a grant of the one file), 2 signature, 3 tree, 4 band owner, 5 media home owner, 6 media home box, 7 file
var IDS = "(" + UUID + ")/(" + UUID + ")/(" + UUID + ")";
var MEDIA_PATH = new RegExp(
  "^/media/(f?(?:\\d{1,12}-)?\\d{1,12})/([A-Za-z0-9_-]{32})/(hls|preview|poster|live|cast)/" + IDS + "/(" + FILE + ")$",
);

function sameString(a, b) {
  if (a.length !== b.length) return false;
  var diff = 0;
  for (var i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

function verify(r) {
  // The path as sent: our URLs have no escapes and no dot segments, so it must equal nginx's
  // normalized $uri; a request that only reaches /media/ after decoding is refused.
  var raw = r.variables.request_uri;
  var q = raw.indexOf("?");
  if (q >= 0) raw = raw.slice(0, q);
  if (raw !== r.uri) return "0";
  var m = MEDIA_PATH.exec(raw);
  if (!m) return "0";
  if (m[3] === "poster" && m[7] !== "poster.jpg") return "0";
  if (m[7].indexOf("..") >= 0) return "0";
  var validity = m[1];
  var fileGrant = validity.charAt(0) === "f";
  var message = "v2/" + validity + "/" + m[3] + "/" + m[4] + "/" + m[5] + "/" + m[6];
  var expected = crypto
    .createHmac("sha256", r.variables.media_key)
    .update(fileGrant ? message + "/" + m[7] : message)
    .digest("base64url")
    .slice(0, 32);
  if (!sameString(expected, m[2])) return "0";
  var times = (fileGrant ? validity.slice(1) : validity).split("-");
  var now = Date.now() / 1000;
  if (Number(times[times.length - 1]) < now) return "0";
  if (times.length > 1 && Number(times[0]) > now) return "0";
  return "1";
}

export default { verify };
