// The audience analytics in a real browser (issue 28): Chromium plays a free vod's watch page for
// 15 s; the player's beacons (navigator.sendBeacon) make one view, 10-20 s of watch time and a
// retention curve that stops where the viewer stopped, read through REST by the creator; the same
// viewer again within 30 minutes adds no view, another viewer (another user agent) does, and the
// owner's own play, signed in, is counted apart. The browser says it is Chrome, Firefox or Safari:
// headless Chromium's own user agent names it a bot, and bots count nothing.
import type { Page } from "@playwright/test";
import { expect, test } from "./helpers/page-health";
import { logIn } from "./helpers/account";
import { publishedVods, videoTime } from "./helpers/vod";
import { Api } from "../test/support/api";

const api = new Api(process.env.KINORA_TEST_URL ?? "http://127.0.0.1:3000");
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";

/** Plays the watch page of `vodId` until `seconds` in, pauses and leaves it (what the player holds is sent). */
async function watch(page: Page, vodId: string, seconds: number): Promise<void> {
  await page.goto(`/v/${vodId}`);
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(seconds);
  await page.getByTestId("player-play").click(); // pause
  await expect(page.getByTestId("player-play")).toHaveAccessibleName("Play");
  await page.close({ runBeforeUnload: true });
}

test("15 s on a free vod's watch page: one view, 10-20 s watched, retention to where the viewer stopped; again: still one; another viewer: two; the owner's own play apart", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { userCode, password, vodIds } = await publishedVods(api, "Counted in Chromium", [{ licenseType: "FREE" }], {
    durationSeconds: 20,
    width: 320,
    height: 180,
  });
  const vodId = vodIds[0]!;
  const context = await browser.newContext({ userAgent: CHROME });
  const page = await context.newPage();
  const beacons: string[] = [];
  page.on("request", (r) => void (r.url().endsWith("/api/public/analytics/beacons") && beacons.push(r.postData() ?? "")));

  await watch(page, vodId, 15);
  expect(beacons.length, "the player sent its beacons").toBeGreaterThan(0);
  expect(JSON.parse(beacons[0]!).session).toMatch(/^ps1\./);

  const { access } = await api.login(userCode, password);
  const read = async () => (await api.get(`/api/analytics/vods/${vodId}`, { token: access })).body;
  // the view counts at 5 s; the rest comes with the beacons sent as the page went
  await expect.poll(async () => (await read()).watchTimeSeconds, { timeout: 15_000 }).toBeGreaterThanOrEqual(10);
  const figures = await read();
  expect(figures.views).toBe(1);
  expect(figures.watchTimeSeconds).toBeLessThanOrEqual(20);
  // 15 s or a little more of 20: the first three quarters watched, the last twentieths not
  expect(figures.retention.slice(0, 14)).toEqual(new Array(14).fill(1));
  expect(figures.retention.slice(17)).toEqual([0, 0, 0]);
  expect(figures.startupTimeMsP50).toBeGreaterThan(0);

  // the same viewer again (same address and browser), another (another browser) and the owner,
  // signed in, side by side
  const other = await browser.newContext({ userAgent: FIREFOX });
  const owner = await browser.newContext({ userAgent: SAFARI });
  const ownerPage = await owner.newPage();
  await logIn(ownerPage, userCode, password);
  await expect(ownerPage).not.toHaveURL(/\/login/);
  await Promise.all([watch(await context.newPage(), vodId, 6.5), watch(await other.newPage(), vodId, 6.5), watch(ownerPage, vodId, 6.5)]);
  // both second plays' time counts; one more view; the owner's apart
  await expect.poll(async () => (await read()).watchTimeSeconds, { timeout: 15_000 }).toBeGreaterThanOrEqual(figures.watchTimeSeconds + 10);
  await expect.poll(async () => (await read()).ownerViews, { timeout: 15_000 }).toBe(1);
  const after = await read();
  expect(after.views).toBe(2);
  expect(after.uniqueViewers).toBe(2);
  // the count the watch page and the cards show
  const visitor = await other.newPage();
  await visitor.goto(`/v/${vodId}`);
  await expect(visitor.getByTestId("watch-views")).toHaveText("2 views");
  await Promise.all([context.close(), other.close(), owner.close()]);
});
