import type { Page } from "@playwright/test";

/**
 * Makes the page's media elements say they cannot play HLS, as in a browser without HLS of its own
 * (Firefox, older Chromium): the player then loads hls.js. Debian's Chromium plays HLS natively.
 */
export async function hideNativeHls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const canPlayType = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = function (type: string) {
      return /mpegurl/i.test(type) ? "" : canPlayType.call(this, type);
    };
  });
}
