// The Go-live panel in Chromium, on a server of its own (its nginx-rtmp; the channel and its event
// inserted in its database): the OBS settings with the whole stream key (Reveal, Copy, Reset after a
// confirmation: the old key is refused), then an ffmpeg encoder publishing with the new key: the
// panel shows Receiving, a bitrate, the keyframe interval and the frame rate, its preview plays
// (currentTime advances) through the Node media server, and Stopped once the encoder stops.
import type { Page } from "@playwright/test";
import { checkPage, expect, test } from "./helpers/page-health";
import { liveServerForSpec } from "./helpers/live";
import { Api } from "../test/support/api";
import { insertLiveChannel, insertLiveEvent, publishTestPattern } from "../test/support/live-fixtures";
import { logIn } from "./helpers/account";
import { setLivePassword } from "../test/contract/live-fixtures";

// without the nginx HTTP edge: the Node media server serves the live tree (the contract tests use nginx)
const spec = liveServerForSpec({ NGINX: "0" });
const pageOn = spec.pageOn;

const videoTime = (page: Page) => page.getByTestId("player-video").evaluate((v: HTMLVideoElement) => v.currentTime);

test("the Go-live panel shows the encoder settings, then on-air, a bitrate and a playing preview", async ({ browser }) => {
  const live = spec.server();
  const api = new Api(live.server.url);
  const user = await api.newUser();
  await setLivePassword(api, user, "go-live-1");
  const streamPath = `golive-${user.userCode}`;
  const channel = await live.sql(async (sql) => {
    const ch = await insertLiveChannel(sql, { ownerUserCode: user.userCode, streamPath, name: "Studio" });
    await insertLiveEvent(sql, {
      channelId: ch.id,
      name: "Evening show",
      startsAt: new Date(Date.now() - 60_000),
      endsAt: new Date(Date.now() + 3_600_000),
    });
    return ch;
  });

  const page = await pageOn(browser);
  await logIn(page, user.userCode, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/live/channels/${channel.id}/go-live`);
  await expect(page.getByRole("heading", { name: "Go live: Studio" })).toBeVisible();
  const port = new URL(live.server.url).hostname;
  await expect(page.getByTestId("go-live-server")).toHaveValue(`rtmp://${port}:${live.server.rtmpPort}/live`);
  // the whole stream key: hidden until Reveal, copied, and Reset (after a confirmation) makes a new one
  const key = page.getByTestId("go-live-key");
  await expect(key).toHaveAttribute("type", "password");
  await page.getByTestId("go-live-reveal").click();
  await expect(key).toHaveAttribute("type", "text");
  await expect(key).toHaveValue(`${streamPath}?user=${user.userCode}&password=go-live-1`);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByTestId("go-live-copy-key").click();
  await expect(page.getByTestId("go-live-key-notice")).toHaveText("Stream key copied.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${streamPath}?user=${user.userCode}&password=go-live-1`);
  await expect(page.getByTestId("go-live-stage")).toHaveText("Waiting for the encoder");
  await checkPage(page, "live-go-live-off-air");
  await page.getByTestId("go-live-reset").click();
  const dialog = page.getByTestId("go-live-reset-dialog");
  await expect(dialog).toContainText("Encoders using the old key are refused");
  await dialog.getByRole("button", { name: "Reset the key" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(key).not.toHaveValue(/password=go-live-1$/);
  const newKey = await key.inputValue();
  expect(newKey).toMatch(new RegExp(`^${streamPath}\\?user=${user.userCode}&password=[A-Za-z0-9_-]{24}$`));
  // the old key is refused, the new one publishes
  const old = publishTestPattern(`rtmp://127.0.0.1:${live.server.rtmpPort}/live/${streamPath}?user=${user.userCode}&password=go-live-1`, {
    seconds: 3,
  });
  expect(await old.exited).not.toBe(0);

  const publisher = spec.publishing(publishTestPattern(`rtmp://127.0.0.1:${live.server.rtmpPort}/live/${newKey}`, { seconds: 60 }));
  await expect(page.getByTestId("go-live-stage")).toHaveText("Receiving", { timeout: 15_000 });
  await expect(page.getByTestId("go-live-stage-text")).toContainText("Viewers of Evening show see your stream");
  await expect(page.getByTestId("go-live-bitrate")).toHaveText(/^[1-9]\d* kbit\/s$/, { timeout: 10_000 });
  await expect(page.getByTestId("go-live-fps")).toHaveText("25 fps");
  await expect(page.getByTestId("go-live-gop")).toHaveText(/^1 s$/, { timeout: 10_000 });
  // the preview (it asked for the playlist before the stream arrived, and retried)
  await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(1);
  const t = await videoTime(page);
  await expect.poll(() => videoTime(page), { timeout: 10_000 }).toBeGreaterThan(t + 1);
  await checkPage(page, "live-go-live-on-air");

  // the encoder stops: the panel says so, the event still on air
  await publisher.stop();
  await expect(page.getByTestId("go-live-stage")).toHaveText("Stopped", { timeout: 15_000 });
  await expect(page.getByTestId("go-live-stage-text")).toContainText("Evening show is still on air");

  // another user's channel is not found
  const other = await api.newUser();
  const stranger = await pageOn(browser);
  await logIn(stranger, other.userCode, other.password);
  await expect(stranger).toHaveURL(/\/dashboard$/);
  const res = await stranger.goto(`/live/channels/${channel.id}/go-live`);
  expect(res?.status()).toBe(404);
});
