// @ts-check
// this file is CommonJS (the package has no "type": "module"), as Next loads it
// eslint-disable-next-line @typescript-eslint/no-require-imports
const createNextIntlPlugin = require("next-intl/plugin");

// The portal's texts in English and Italian (src/messages/*.json), the locale chosen per request (src/i18n/request.ts).
const withNextIntl = createNextIntlPlugin("./src/i18n/request.ts");

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Server-only packages with native or wasm parts are loaded from node_modules at run time.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/adapter-pg",
    "pg",
    "@node-rs/argon2",
    "nodemailer",
    "prom-client",
    "pino",
  ],
  // Clients call documented paths with a trailing slash; the REST dispatcher answers both.
  skipTrailingSlashRedirect: true,
  typescript: { ignoreBuildErrors: true }, // `npm run typecheck` is the gate; the build stays fast
  // Turbopack's cache of a build (.next/cache) speeds up the next build of the same checkout; CI builds
  // a fresh checkout once, where writing it took 13 s (the build: 44 s with it, 37 s without, here)
  experimental: { turbopackFileSystemCacheForBuild: process.env.CI !== "true" },
  // Every response is what its Content-Type says (JSON of /api included); the pages' other security
  // headers need a per-request nonce and the run-time PUBLIC_URL: src/proxy.ts.
  async headers() {
    return [{ source: "/:path*", headers: [{ key: "X-Content-Type-Options", value: "nosniff" }] }];
  },
};

module.exports = withNextIntl(nextConfig);
