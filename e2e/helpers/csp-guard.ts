// Playwright's `test` with a guard: the test fails when the page reports any Content Security
// Policy violation (the browser's own console error, or a securitypolicyviolation event of the
// document), so the journeys prove the portal works under its CSP (src/server/http/security-headers.ts).
import { expect, test as base } from "@playwright/test";

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.exposeFunction("__reportCspViolation", (text: string) => void violations.push(text));
      // an init script is not subject to the page's CSP; it runs before any script of the page
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (e) => {
          const report = (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation;
          report(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`);
        });
      });
      await use(violations);
      expect(violations, "Content Security Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
