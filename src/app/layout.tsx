import type { ReactNode } from "react";
import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { connection } from "next/server";
import { Providers } from "@/components/providers";
import { SiteHeader } from "@/components/site-header";
import { FRAMED_PAGE_HEADER } from "@/server/http/security-headers";
import { getPortalSession } from "@/server/portal/session";
import "./globals.css";

export const metadata: Metadata = { title: { default: "Kinora", template: "%s · Kinora" }, description: "Open-source video platform" };
export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // every page is rendered per request: its scripts carry the request's CSP nonce (src/proxy.ts)
  await connection();
  const [session, requestHeaders] = await Promise.all([getPortalSession(), headers()]);
  // pages made for other sites' iframes (the embeddable player) have no site chrome
  if (requestHeaders.get(FRAMED_PAGE_HEADER) === "1") {
    return (
      <html lang="en">
        <body className="framed">
          <Providers session={session}>
            <main id="main">{children}</main>
          </Providers>
        </body>
      </html>
    );
  }
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Providers session={session}>
          <SiteHeader />
          <main id="main" className="site-main">
            {children}
          </main>
          <footer className="site-footer">
            <div className="container">Kinora · open-source video platform</div>
          </footer>
        </Providers>
      </body>
    </html>
  );
}
