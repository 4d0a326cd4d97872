import type { ReactNode } from "react";
import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import { Providers } from "@/components/providers";
import { SiteHeader } from "@/components/site-header";
import { getPortalSession } from "@/server/portal/session";
import "./globals.css";

export const metadata: Metadata = { title: { default: "Kinora", template: "%s · Kinora" }, description: "Open-source video platform" };
export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // every page is rendered per request: its scripts carry the request's CSP nonce (src/proxy.ts)
  await connection();
  const session = await getPortalSession();
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
