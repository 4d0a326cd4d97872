// Live in Chromium: a creator creates a channel in the portal's Live section (stream path
// generated), schedules a pay-per-view event that is on air now with the date-time pickers (the
// browser's own zone) and finds the Go-live link; a signed-out viewer opens the channel's live page,
// sees the event and its ticket price, buys a ticket in the sandbox checkout and lands back on the
// page; the creator's encoder (ffmpeg, as OBS would) publishes to the channel's RTMP address and the
// ticket holder's player plays it (currentTime advances).
import type { Page } from "@playwright/test";
import { expect, test } from "./helpers/csp-guard";
import { logIn, shot } from "./helpers/account";
import { Api } from "../test/support/api";
import { publishTestPattern, type Publisher } from "../test/support/live-fixtures";

const baseUrl = process.env.KINORA_TEST_URL ?? "http://127.0.0.1:3000";
const api = new Api(baseUrl);

let publisher: Publisher | undefined;
test.afterAll(async () => {
  await publisher?.stop();
});

/** `minutes` from now as a datetime-local input takes it, in the browser's zone. */
const localInput = (page: Page, minutes: number) =>
  page.evaluate((m) => {
    const d = new Date(Date.now() + m * 60_000);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, minutes);

test("a creator schedules a paid live event in the portal; a signed-out viewer buys a ticket and watches the stream", async ({ page }) => {
  test.setTimeout(180_000);
  const creator = await api.newUser();
  const channelName = "Harbour radio";
  const eventName = "Night concert";
  let channelId = "";

  await test.step("the creator creates a channel with a generated stream path", async () => {
    await logIn(page, creator.userCode, creator.password);
    await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Live channels" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Live" })).toBeVisible();
    await expect(page.getByTestId("channel-empty")).toBeVisible();
    await page.getByRole("button", { name: "Create a channel" }).click();
    const dialog = page.getByTestId("channel-dialog");
    await dialog.getByLabel("Name").fill(channelName);
    await dialog.getByRole("button", { name: "Generate" }).click();
    await expect(dialog.getByLabel("Stream path")).toHaveValue(/^harbour-radio-[0-9a-f]{12}$/);
    await dialog.getByLabel("Description").fill("Music from the harbour, live.");
    await shot(page, "live-01-create-channel", { fullPage: false });
    await dialog.getByRole("button", { name: "Create the channel" }).click();
    await expect(page.getByTestId("channel-name")).toHaveText(channelName);
    channelId = /\/live\/channels\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
    await expect(page.getByTestId("channel-stream-path")).toHaveText(/^harbour-radio-/);
    await expect(page.getByTestId("go-live-link")).toHaveAttribute("href", `/live/channels/${channelId}/go-live`);
  });

  await test.step("schedules a pay-per-view event on air now, in the browser's own time", async () => {
    await page.getByRole("button", { name: "Schedule an event" }).click();
    const dialog = page.getByTestId("event-dialog");
    await dialog.getByLabel("Name").fill(eventName);
    await dialog.getByLabel("Starts").fill(await localInput(page, -1));
    await dialog.getByLabel("Ends").fill(await localInput(page, 60));
    await dialog.getByLabel("Access").selectOption("PAY_PER_VIEW");
    await dialog.getByLabel(/^Ticket price/).fill("2,50");
    await shot(page, "live-02-schedule-event", { fullPage: false });
    await dialog.getByRole("button", { name: "Schedule the event" }).click();
    await expect(page.getByTestId("event-row")).toHaveCount(1);
    await expect(page.getByTestId("event-row")).toContainText(eventName);
    await expect(page.getByTestId("event-row")).toContainText("On air");
    await expect(page.getByTestId("event-row")).toContainText("€2.50");
    await shot(page, "live-03-channel-page");
    // as the interface answers it: on air, the price, the channel
    const events = await api.post("/api/search/live/events", { channelId }, { token: creator.access });
    expect(events.body.items).toHaveLength(1);
    expect(events.body.items[0]).toMatchObject({ name: eventName, onAir: true, paymentMode: "PAY_PER_VIEW", pricePerView: "2,50" });
  });

  await test.step("the creator's encoder publishes to the channel's RTMP address with the live password", async () => {
    const password = "harbour-live-1";
    const me = await api.post(
      "/api/user/me",
      {
        profile: { firstName: "Test", lastName: "User", birthDate: "15/06/1990", email: creator.email },
        features: { livePassword: password },
      },
      { token: creator.access },
    );
    expect(me.status).toBe(200);
    const channel = await api.get(`/api/live/channel/${channelId}`, { token: creator.access });
    expect(channel.body.streamingBaseUrl).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
    publisher = publishTestPattern(
      `${channel.body.streamingBaseUrl}/${channel.body.streamPath}?user=${creator.userCode}&password=${password}`,
      {
        seconds: 120,
      },
    );
  });

  await test.step("a signed-out viewer buys a ticket on the live page through the sandbox checkout", async () => {
    const context = await page.context().browser()!.newContext({ baseURL: baseUrl });
    const viewer = await context.newPage();
    await viewer.goto(`/live/${channelId}`);
    await expect(viewer.getByTestId("live-channel-name")).toHaveText(channelName);
    await expect(viewer.getByTestId("live-schedule-item")).toContainText(eventName);
    await expect(viewer.getByTestId("live-ticket")).toContainText(eventName);
    await expect(viewer.getByTestId("live-price")).toHaveText("€2.50");
    await shot(viewer, "live-04-ticket-required");
    await viewer.getByRole("button", { name: "Buy ticket · €2.50" }).click();
    await expect(viewer).toHaveURL(/\/checkout\/[0-9a-f]{32}$/);
    await expect(viewer.getByTestId("checkout-item")).toHaveText(eventName);
    await expect(viewer.getByTestId("checkout-price")).toHaveText("€2.50");
    await shot(viewer, "live-05-checkout");
    // a guest gives the e-mail the receipt goes to
    await viewer.getByLabel("Email").fill("guest@example.test");
    await viewer.getByRole("button", { name: "Pay €2.50" }).click();

    await expect(viewer).toHaveURL(new RegExp(`/live/${channelId}$`)); // the trackingId left the address
    await expect(viewer.getByTestId("live-player")).toHaveAttribute("data-stage", "playing");
    await expect(viewer.getByTestId("live-badge")).toHaveText("Live", { timeout: 15_000 });
    await expect(viewer.getByTestId("live-access")).toContainText("Ticket: you can watch live until");
    const src = await viewer.getByTestId("player-video").getAttribute("data-src");
    expect(src).toMatch(new RegExp(`^${baseUrl}/media/\\d+-\\d+/[^/]+/live/[0-9a-f-]{36}/[0-9a-f-]{36}/${channelId}/master\\.m3u8$`));
    // the stream plays: the picture advances
    const videoTime = () => viewer.getByTestId("player-video").evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(videoTime, { timeout: 30_000 }).toBeGreaterThan(1);
    const t = await videoTime();
    await expect.poll(videoTime, { timeout: 10_000 }).toBeGreaterThan(t + 1);
    expect(publisher!.pid).toBeGreaterThan(0);
    await shot(viewer, "live-06-playing");

    // a reload keeps the ticket (kept in this browser, never in the address)
    await viewer.reload();
    await expect(viewer.getByTestId("live-player")).toHaveAttribute("data-stage", "playing");
    await context.close();
  });
});
