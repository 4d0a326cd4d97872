// The one player's own controls on the watch page, in Chromium: a free vod with a two-rung ladder
// (480p and 360p, set up through REST); Play starts it and hands the focus to the player, Space
// pauses and plays, K pauses, L seeks 10 s on, J 10 s back, M mutes, a pointer click on a control keeps the shortcuts
// working, the seek bar shows the time under the pointer and the quality menu lists the ladder.
import { checkPage, expect, test } from "./helpers/page-health";
import { publishedVods, videoTime } from "./helpers/vod";
import { Api } from "../test/support/api";

const baseUrl = process.env.KINORA_TEST_URL ?? "http://127.0.0.1:3000";
const api = new Api(baseUrl);

test("the watch page's player: keyboard shortcuts, seek tooltip, quality menu, focus kept after a click", async ({ page }) => {
  test.setTimeout(180_000);
  const { vodIds } = await publishedVods(api, "Ferry crossing", [{ licenseType: "FREE" }], {
    durationSeconds: 12,
    width: 854,
    height: 480,
  });
  await page.goto(`/v/${vodIds[0]}`);
  const video = page.getByTestId("player-video");
  const paused = () => video.evaluate((v: HTMLVideoElement) => v.paused);
  const muted = () => video.evaluate((v: HTMLVideoElement) => v.muted);
  await expect(page.getByTestId("player-poster")).toBeVisible();
  await checkPage(page, "player-01-before-play");

  await page.getByRole("button", { name: "Play", exact: true }).click();
  const player = page.getByRole("region", { name: "Video player: Ferry crossing" });
  await expect(player).toBeFocused();
  await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(0.5);

  // Space pauses and plays again
  await page.keyboard.press("Space");
  await expect.poll(paused).toBe(true);
  await expect(page.getByTestId("player-play")).toHaveAccessibleName("Play");
  await page.keyboard.press("Space");
  await expect.poll(paused).toBe(false);

  // K pauses; L: 10 s on (paused, so the time stays where it landed)
  await page.keyboard.press("k");
  await expect.poll(paused).toBe(true);
  const before = await videoTime(page);
  await page.keyboard.press("l");
  await expect.poll(() => videoTime(page)).toBeGreaterThan(Math.min(before + 9, 11));

  // M mutes; a pointer click on a control gives the focus back to the player: its shortcuts still work
  await page.keyboard.press("m");
  await expect.poll(muted).toBe(true);
  await expect(page.getByTestId("player-mute")).toHaveAccessibleName("Unmute");
  await page.getByTestId("player-mute").click();
  await expect.poll(muted).toBe(false);
  await expect(player).toBeFocused();
  await page.keyboard.press("m");
  await expect.poll(muted).toBe(true);

  // the seek bar says the time under the pointer
  const seek = page.getByTestId("player-seek");
  const box = (await seek.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByTestId("player-seek-tip")).toHaveText(/^0:0[56]$/);

  // the quality menu lists the ladder (hls.js's levels), highest first
  await page.getByTestId("player-menu-quality").click();
  await expect(page.getByRole("menuitemradio")).toHaveText([/^Auto/, "480p", "360p"]);
  await checkPage(page, "player-02-quality-menu");
  await page.getByRole("menuitemradio", { name: "360p", exact: true }).click();
  await expect(page.getByTestId("player-menu-quality")).toHaveText("Quality: 360p");
  await expect(player).toBeFocused();
  await page.keyboard.press("j");
  await expect.poll(() => videoTime(page)).toBeLessThan(5);
});
