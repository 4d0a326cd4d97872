// Where a login sends the user afterwards (?callbackUrl= of /login, next-auth's redirect callback):
// only a path of our own origin, so the login page is no open redirect.
//
// The value is resolved against our origin the way a browser would and kept only when it stays on
// that origin. Control characters refuse it outright: browsers drop tab, CR and LF inside URLs
// (`/\t/host` becomes `//host`, another site) and a CR/LF or a non-ASCII character in a Location
// header fails the response; bidi controls (U+202E) make a link read as something it is not.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export const DEFAULT_CALLBACK = "/dashboard";

/**
 * The same-origin path (`/path?query#hash`, percent-encoded) that `value` leads to from `origin`
 * (`scheme://host[:port]`), or `fallback` when it leads anywhere else or is not a plain URL.
 */
export function safeCallbackUrl(value: string | string[] | undefined, origin: string, fallback = DEFAULT_CALLBACK): string {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v || CONTROL.test(v)) return fallback;
  let url: URL;
  try {
    url = new URL(v, `${origin}/`);
  } catch {
    return fallback;
  }
  // "/.//host" normalizes to the path "//host", which a browser reads as another host
  if (url.origin !== new URL(origin).origin || url.pathname.startsWith("//")) return fallback;
  return url.pathname + url.search + url.hash;
}
