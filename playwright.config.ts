import { defineConfig } from "@playwright/test";

// Browser journeys in Debian's Chromium (Playwright cannot download browsers here).
// The server is started by scripts/test.ts and passed in KINORA_TEST_URL.
export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  timeout: 90_000,
  workers: 1,
  reporter: [["list"]],
  outputDir: `test-results/${process.env.KINORA_DB_LABEL ?? "local"}`,
  use: {
    baseURL: process.env.KINORA_TEST_URL ?? "http://127.0.0.1:3000",
    screenshot: "on",
    // a trace records every action of every journey (a quarter of their CPU), also of those that
    // pass; KINORA_E2E_TRACE=1 keeps one of each failure, for a run made to look into one
    trace: process.env.KINORA_E2E_TRACE === "1" ? "retain-on-failure" : "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
});
