import { env } from "@/server/env";

// The security headers of the portal's pages, set by src/proxy.ts with a fresh nonce per request
// (X-Content-Type-Options is on every response: next.config.js). What the portal needs under the CSP:
// - scripts: Next puts the request's nonce on its own scripts and inline styles; 'strict-dynamic'
//   lets them load the chunks (hls.js among them) they import;
// - style attributes (React's style={...}, progress bars) are allowed by style-src-attr; <style>
//   elements only with the nonce;
// - hls.js: playlists and segments by fetch/XHR (connect-src), media from a blob: (MSE), its worker
//   from a blob: (worker-src); posters and thumbnails are images of our origin;
// - tus uploads, tRPC and next-auth call our own origin (connect-src 'self');
// - signed media URLs start with PUBLIC_URL when it is set (the page may be open under another name
//   of the same server), else with the host of the request itself ('self').

/**
 * Pages other sites may frame, by path prefix, with the frame-ancestors they answer; every other page
 * answers 'none'. The embeddable player (/embed/v/{vodId}, oEmbed's iframe) goes on any site.
 */
const FRAMEABLE: ReadonlyArray<{ prefix: string; ancestors: string }> = [{ prefix: "/embed/", ancestors: "*" }];

const frameableEntry = (pathname: string) => FRAMEABLE.find((f) => pathname.startsWith(f.prefix));

/** What may frame the page at `pathname`. */
export function frameAncestorsOf(pathname: string): string {
  return frameableEntry(pathname)?.ancestors ?? "'none'";
}

/**
 * Request header by which src/proxy.ts tells the root layout that the page is made to be framed by
 * other sites: it is rendered bare, without the site's header and footer. The proxy sets or removes
 * it on every page request, so a client cannot choose it.
 */
export const FRAMED_PAGE_HEADER = "x-kinora-framed-page";

export const isFrameablePage = (pathname: string): boolean => frameableEntry(pathname) !== undefined;

/**
 * Where the forms of a page may send the browser, redirects included. The sandbox checkout's form
 * answers with a 303 to the client's returnUrl or cancelUrl, on whatever site the client runs.
 */
export function formActionOf(pathname: string): string {
  return pathname.startsWith("/checkout/") ? "'self' https: http:" : "'self'";
}

/**
 * Whether the page at `pathname` may have <style> elements without the nonce: the API reference, whose
 * viewer (Redoc, self-hosted) injects its styles at run time and cannot be given the nonce. Its scripts
 * stay under the nonce.
 */
export const inlineStylesOf = (pathname: string): boolean => pathname === "/docs/api" || pathname === "/docs/api/";

export interface PolicyOptions {
  nonce: string;
  /** <style> elements without the nonce (inlineStylesOf) */
  inlineStyles?: boolean;
  frameAncestors: string;
  formAction: string;
  /** The origin of signed media URLs when it is not necessarily the page's own (PUBLIC_URL). */
  mediaOrigin?: string;
  /** The instance is served over HTTPS (PUBLIC_URL): upgrade stray http: subresources. */
  https: boolean;
  /** next dev: React's debugging needs eval, and dev styles come without a nonce. */
  dev: boolean;
}

export function contentSecurityPolicy(o: PolicyOptions): string {
  const media = o.mediaOrigin ? ` ${o.mediaOrigin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${o.nonce}' 'strict-dynamic'${o.dev ? " 'unsafe-eval'" : ""}`,
    // a nonce in style-src would make browsers ignore 'unsafe-inline'
    `style-src 'self' ${o.dev || o.inlineStyles ? "'unsafe-inline'" : `'nonce-${o.nonce}'`}`,
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: blob:${media}`,
    `media-src 'self' blob:${media}`,
    `connect-src 'self'${media}`,
    "worker-src 'self' blob:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${o.formAction}`,
    `frame-ancestors ${o.frameAncestors}`,
    ...(o.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** The headers of one page response. HSTS only when PUBLIC_URL is https: a plain-HTTP instance must stay reachable. */
export function pageSecurityHeaders(pathname: string, nonce: string, e = env()): Record<string, string> {
  const https = !!e.PUBLIC_URL && new URL(e.PUBLIC_URL).protocol === "https:";
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy({
      nonce,
      frameAncestors: frameAncestorsOf(pathname),
      formAction: formActionOf(pathname),
      inlineStyles: inlineStylesOf(pathname),
      mediaOrigin: e.PUBLIC_URL ? new URL(e.publicUrl).origin : undefined,
      https,
      dev: process.env.NODE_ENV === "development",
    }),
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), fullscreen=(self)",
  };
  if (https) headers["Strict-Transport-Security"] = "max-age=31536000";
  return headers;
}
