// The Go-live panel in Chromium, on a server of its own (its nginx-rtmp; the channel and its event
// inserted in its database): the OBS settings, then an ffmpeg encoder publishing: the panel shows
// ON AIR, a bitrate, the keyframe interval and the frame rate, and its preview plays (currentTime
// advances) through the Node media server.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { Api } from "../test/support/api";
import {
  insertLiveChannel,
  insertLiveEvent,
  publishTestPattern,
  startLiveServer,
  type LiveTestServer,
  type Publisher,
} from "../test/support/live-fixtures";
import { logIn, shot } from "./helpers/account";

let live: LiveTestServer;
let publisher: Publisher | undefined;

test.beforeAll(async () => {
  // without the nginx HTTP edge: the Node media server serves the live tree (the contract tests use nginx)
  live = await startLiveServer({ NGINX: "0" });
});

test.afterAll(async () => {
  await publisher?.stop();
  await live?.stop();
});

async function pageOn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: live.server.url });
  return context.newPage();
}

const videoTime = (page: Page) => page.getByTestId("player-video").evaluate((v: HTMLVideoElement) => v.currentTime);

test("the Go-live panel shows the encoder settings, then on-air, a bitrate and a playing preview", async ({ browser }) => {
  const api = new Api(live.server.url);
  const user = await api.newUser();
  const setPassword = await api.post(
    "/api/user/me",
    {
      profile: { firstName: "Test", lastName: "User", birthDate: "15/06/1990", email: user.email },
      features: { livePassword: "go-live-1" },
    },
    { token: user.access },
  );
  expect(setPassword.status).toBe(200);
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
  await expect(page.getByTestId("go-live-key")).toHaveValue(`${streamPath}?user=${user.userCode}&password=`);
  await expect(page.getByText("Your live password is set")).toBeVisible();
  await expect(page.getByTestId("go-live-on-air")).toHaveText("Off air");
  await shot(page, "live-go-live-off-air");

  publisher = publishTestPattern(`rtmp://127.0.0.1:${live.server.rtmpPort}/live/${streamPath}?user=${user.userCode}&password=go-live-1`, {
    seconds: 60,
  });
  await expect(page.getByTestId("go-live-on-air")).toHaveText("ON AIR", { timeout: 15_000 });
  await expect(page.getByText("Event on air: Evening show")).toBeVisible();
  await expect(page.getByTestId("go-live-bitrate")).toHaveText(/^[1-9]\d* kbit\/s$/, { timeout: 10_000 });
  await expect(page.getByTestId("go-live-fps")).toHaveText("25 fps");
  await expect(page.getByTestId("go-live-gop")).toHaveText(/^1 s$/, { timeout: 10_000 });
  // the preview (it asked for the playlist before the stream arrived, and retried)
  await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(1);
  const t = await videoTime(page);
  await expect.poll(() => videoTime(page), { timeout: 10_000 }).toBeGreaterThan(t + 1);
  await shot(page, "live-go-live-on-air");

  // another user's channel is not found
  const other = await api.newUser();
  const stranger = await pageOn(browser);
  await logIn(stranger, other.userCode, other.password);
  await expect(stranger).toHaveURL(/\/dashboard$/);
  const res = await stranger.goto(`/live/channels/${channel.id}/go-live`);
  expect(res?.status()).toBe(404);
});
