import type { ReactNode } from "react";
import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { connection } from "next/server";
import Link from "next/link";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import { Providers } from "@/components/providers";
import { SiteHeader } from "./site-header";
import { FRAMED_PAGE_HEADER } from "@/server/http/security-headers";
import { getPortalSession } from "@/server/portal/session";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("site");
  return { title: { default: "Kinora", template: "%s · Kinora" }, description: t("description") };
}
export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // every page is rendered per request: its scripts carry the request's CSP nonce (src/proxy.ts)
  await connection();
  const [session, requestHeaders, locale, t] = await Promise.all([getPortalSession(), headers(), getLocale(), getTranslations("site")]);
  // pages made for other sites' iframes (the embeddable player) have no site chrome
  if (requestHeaders.get(FRAMED_PAGE_HEADER) === "1") {
    return (
      <html lang={locale}>
        <body className="framed">
          <NextIntlClientProvider>
            <Providers session={session}>
              <main id="main">{children}</main>
            </Providers>
          </NextIntlClientProvider>
        </body>
      </html>
    );
  }
  return (
    <html lang={locale}>
      <body>
        <a className="skip-link" href="#main">
          {t("skip")}
        </a>
        <NextIntlClientProvider>
          <Providers session={session}>
            <SiteHeader />
            <main id="main" className="site-main">
              {children}
            </main>
            <footer className="site-footer">
              <div className="container">
                {t("footer")} · <Link href="/transparency">{t("transparency")}</Link> · <Link href="/terms">{t("terms")}</Link>
              </div>
            </footer>
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
