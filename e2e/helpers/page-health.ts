// The checks every page a journey visits must pass (issue 21): no console error and no uncaught
// exception (an auto fixture, on top of the CSP guard), and, where a journey calls `checkPage`, no
// horizontal scroll at its size and at a 390 px phone, no serious or critical axe violation, and a
// screenshot of both sizes kept with the run's artifacts.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test as guarded } from "./csp-guard";
import { shot } from "./account";

/** A phone's CSS width (iPhone 12-15): nothing may scroll sideways at it. */
export const PHONE = { width: 390, height: 844 };

export const test = guarded.extend<{ consoleErrors: { seen: string[]; allow(pattern: RegExp): void } }>({
  consoleErrors: [
    async ({ page }, use) => {
      const seen: string[] = [];
      const allowed: RegExp[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") seen.push(`${page.url()}: ${message.text()}`);
      });
      page.on("pageerror", (error) => void seen.push(`${page.url()}: uncaught ${error.message}`));
      await use({ seen, allow: (pattern) => void allowed.push(pattern) });
      expect(
        seen.filter((text) => !allowed.some((pattern) => pattern.test(text))),
        "console errors",
      ).toEqual([]);
    },
    { auto: true },
  ],
});

/** Throws with the offending elements when anything is wider than the viewport. */
async function expectNoHorizontalScroll(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && getComputedStyle(el).position !== "fixed")
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? `.${el.className.split(" ").join(".")}` : ""}`,
      );
    return { scroll: document.documentElement.scrollWidth, width, wide };
  });
  expect(overflow.scroll, `${label}: page wider than the viewport (${overflow.wide.join(", ")})`).toBeLessThanOrEqual(overflow.width);
}

/** Serious and critical axe violations of the page as it is now, named with their elements. */
async function expectAccessible(page: Page, label: string): Promise<void> {
  // After a client-side navigation Next.js streams the new page's <title> after its body (a known
  // Next.js behaviour, vercel/next.js#79135): wait for it, so axe judges the settled page, and a
  // page that never gets a title still fails here.
  await expect.poll(() => page.title(), { message: `${label}: the page has a title` }).not.toBe("");
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const grave = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(grave, `${label}: axe violations`).toEqual([]);
}

/**
 * The page as it is now, at its own size and at a phone's: no horizontal scroll, no serious or
 * critical axe violation (at the first size), screenshots `<name>.png` and `<name>-phone.png`.
 */
export async function checkPage(page: Page, name: string, { axe = true }: { axe?: boolean } = {}): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  await expectNoHorizontalScroll(page, name);
  if (axe) await expectAccessible(page, name);
  await shot(page, name);
  if (size.width !== PHONE.width) {
    await page.setViewportSize(PHONE);
    await expectNoHorizontalScroll(page, `${name} at ${PHONE.width} px`);
    await shot(page, `${name}-phone`);
    await page.setViewportSize(size);
  }
}

export { expect };
