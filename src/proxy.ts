import { NextResponse, type NextRequest } from "next/server";
import { FRAMED_PAGE_HEADER, isFrameablePage, pageSecurityHeaders } from "@/server/http/security-headers";

// Next's proxy (formerly middleware): every page gets a fresh CSP nonce and the security headers of
// server/http/security-headers.ts. The CSP is also set on the request, where Next reads the nonce
// and puts it on its own scripts and styles; that needs pages rendered per request (the root layout
// is dynamic).
export function proxy(request: NextRequest): NextResponse {
  // the sandbox checkout page posts its form to its own URL: the POST goes to its route handler
  const checkout = /^\/checkout\/([^/]+)\/?$/.exec(request.nextUrl.pathname);
  if (checkout && request.method === "POST") return NextResponse.rewrite(new URL(`/checkout/${checkout[1]}/outcome`, request.url));
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64");
  const headers = pageSecurityHeaders(request.nextUrl.pathname, nonce);
  const forwarded = new Headers(request.headers);
  forwarded.set("Content-Security-Policy", headers["Content-Security-Policy"]!);
  forwarded.delete(FRAMED_PAGE_HEADER);
  if (isFrameablePage(request.nextUrl.pathname)) forwarded.set(FRAMED_PAGE_HEADER, "1");
  const response = NextResponse.next({ request: { headers: forwarded } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

// Pages only. Left out: what answers JSON or files (REST, OAuth, oEmbed, assets, downloads, health,
// the live ingest's callbacks, the payment providers' webhooks, whose signatures cover the body as sent,
// the sandbox checkout's outcome, which reads its form under its cap; the launcher hands it the
// checkout page's POST itself), and
// above all the upload routes: Next copies the body of every request the proxy sees (up to 10 MB),
// which would cut large uploads short. Prefetches carry no HTML.
export const config = {
  matcher: [
    {
      source:
        "/((?!api/|api$|internal/|uploads/|oauth/|oembed|asset/|download/|healthz|readyz|bench/|media/|payments/|checkout/[^/]+/outcome|_next/static/|_next/image|favicon\.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
