// Discovery and sharing in Chromium (issue 21, items 2 and 7). A creator's live channel with an event
// on air (nobody streaming yet), a cast channel and a bundle, set up through REST; a signed-out viewer
// reaches each of them from the home page's rows. Then the share dialog of a watch page: the link at
// the current time starts the player there, and the embed code pasted into a page of another origin plays.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { checkPage, expect, test } from "./helpers/page-health";
import { creatorWith } from "./helpers/box";
import { Api } from "../test/support/api";

const baseUrl = process.env.KINORA_TEST_URL ?? "http://127.0.0.1:3000";
const api = new Api(baseUrl);

/** An instant as the interface's {date: dd/MM/yyyy, time: HH:mm:ss} in UTC. */
function wire(at: number): { date: string; time: string } {
  const d = new Date(at).toISOString();
  return { date: `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`, time: d.slice(11, 19) };
}

async function created(path: string, body: Record<string, unknown>, token: string): Promise<any> {
  const res = await api.post(path, body, { token });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const videoTime = (page: Page) => page.getByTestId("player-video").evaluate((v: HTMLVideoElement) => v.currentTime);

test("a viewer reaches a live channel, a cast channel and a bundle from the home page", async ({ page, consoleErrors }) => {
  test.setTimeout(180_000);
  // nobody streams to the event: the live player asks for the stream's playlist until it arrives (404s)
  consoleErrors.allow(
    /\/live\/[0-9a-f-]{36}: Failed to load resource: (the server responded with a status of 404|net::ERR_FILE_NOT_FOUND)/,
  );
  const stamp = Date.now().toString(36);
  const creator = await creatorWith(baseUrl, [`Lighthouse ${stamp}`]);
  const token = creator.access;
  const live = await created("/api/live/channel", { name: `Coast radio ${stamp}`, streamPath: `coast-${stamp}` }, token);
  const event = `Storm watch ${stamp}`;
  await created(
    `/api/live/channel/${live.channelId}/event`,
    // on air since a day ago: the live row lists events soonest first, so the events other journeys
    // of the same server left on air do not push this one out of the row
    { name: event, paymentMode: "FREE", eventDate: wire(Date.now() - 86_000_000), endDate: wire(Date.now() + 3_600_000) },
    token,
  );
  const cast = await created("/api/cast/channel", { name: `Harbour TV ${stamp}`, streamPath: `harbour-${stamp}` }, token);
  const bundle = await created(
    "/api/contentbundle",
    { name: `Sea stories ${stamp}`, price: "4,90", duration: 1, durationUnit: "MONTHS" },
    token,
  );
  const inserted = await api.post(
    `/api/contentbundle/${bundle.bundleId}/items/insert`,
    { sourceItems: [{ boxId: creator.boxIds[0] }], index: 0 },
    { token },
  );
  expect(inserted.status, inserted.text).toBe(200);

  await test.step("the home page: the event on air in the live row, the cast channel, the bundle", async () => {
    await page.goto("/");
    await expect(page.getByTestId("home-live").getByText(event)).toBeVisible();
    await expect(page.getByTestId("home-channels").getByText(cast.name)).toBeVisible();
    await expect(page.getByTestId("home-bundles").getByText(bundle.name)).toBeVisible();
    // a bundle's video is a card of the bundle, not one of its own
    await expect(page.getByTestId("home-videos").getByText(`Lighthouse ${stamp}`)).toHaveCount(0);
    await checkPage(page, "discovery-01-home");
  });

  await test.step("the live row leads to the live channel's page", async () => {
    await page.getByTestId("home-live").getByRole("link", { name: event }).click();
    await expect(page).toHaveURL(`${baseUrl}/live/${live.channelId}`);
    await expect(page.getByTestId("live-channel-name")).toHaveText(live.name);
    await checkPage(page, "discovery-02-live-channel");
  });

  await test.step("the channels row leads to the cast channel's page", async () => {
    await page.goto("/");
    await page.getByTestId("home-channels").getByRole("link", { name: cast.name }).click();
    await expect(page).toHaveURL(`${baseUrl}/cast/${cast.channelId}`);
    await expect(page.getByTestId("cast-channel-title")).toHaveText(cast.name);
    await checkPage(page, "discovery-03-cast-channel");
  });

  await test.step("the bundles row leads to the bundle's page, its video listed there", async () => {
    await page.goto("/");
    await page.getByTestId("home-bundles").getByRole("link", { name: bundle.name }).click();
    await expect(page).toHaveURL(`${baseUrl}/b/${bundle.bundleId}`);
    await expect(page.getByTestId("bundle-playlist-item")).toContainText(`Lighthouse ${stamp}`);
    await checkPage(page, "discovery-04-bundle");
  });

  await test.step("See all: the search page of the live channels, and the creator page's tabs", async () => {
    await page.goto("/");
    await page
      .getByTestId("home-live")
      .getByRole("link", { name: /See all/ })
      .click();
    await expect(page).toHaveURL(`${baseUrl}/search?type=live`);
    await expect(page.getByTestId("tab-live")).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("live-channel-card").filter({ hasText: live.name })).toContainText(`On air: ${event}`);
    await checkPage(page, "discovery-05-search-live");
    await page.goto(`/u/${creator.userCode}?tab=channels`);
    await expect(page.getByTestId("cast-channel-card")).toHaveCount(1);
    await checkPage(page, "discovery-06-creator-channels");
  });
});

test("the share dialog: the link at the current time starts there; the embed code plays in a page of another origin", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
  const creator = await creatorWith(baseUrl, ["Tide tables"]);
  const vod = await created(`/api/box/${creator.boxIds[0]}/vod`, { licenseType: "FREE" }, creator.access);
  let embedCode = "";

  await test.step("the viewer plays a little, then shares the link at the current time and the embed code", async () => {
    await page.goto(`/v/${vod.vodId}`);
    await page.getByRole("button", { name: "Play", exact: true }).click();
    await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(2);
    await page.getByTestId("player-video").evaluate((v: HTMLVideoElement) => v.pause());
    await page.getByTestId("share-open").click();
    const dialog = page.getByTestId("share-dialog");
    await expect(dialog.getByTestId("share-link")).toHaveValue(`${baseUrl}/v/${vod.vodId}`);
    await dialog.getByLabel(/^Start at \d+:\d{2}$/).check();
    await expect(dialog.getByTestId("share-link")).toHaveValue(new RegExp(`^${baseUrl}/v/${vod.vodId}\\?t=[2-5]$`));
    await dialog.getByTestId("share-link").locator("xpath=..").getByRole("button", { name: "Copy" }).click();
    await expect(dialog.getByTestId("share-link-status")).toHaveText("Copied");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/\?t=[2-5]$/);
    embedCode = await dialog.getByTestId("share-embed").inputValue();
    expect(embedCode).toMatch(new RegExp(`^<iframe src="${baseUrl}/embed/v/${vod.vodId}" width="640" height="360"`));
    await dialog.getByTestId("share-embed").locator("xpath=..").getByRole("button", { name: "Copy" }).click();
    await expect(dialog.getByTestId("share-embed-status")).toHaveText("Copied");
    await checkPage(page, "share-01-dialog");
    await dialog.getByRole("button", { name: "Close" }).click();

    // the shared link at the time: the player starts there
    await page.goto(copied);
    await page.getByRole("button", { name: "Play", exact: true }).click();
    const t = Number(new URL(copied).searchParams.get("t"));
    await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await videoTime(page), "it started at the shared time, not at 0").toBeGreaterThanOrEqual(t);
    await checkPage(page, "share-02-watch-at-time", { axe: false });
  });

  await test.step("the embed code pasted into another site's page plays", async () => {
    const blog = http.createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end(`<!doctype html><html lang="en"><title>A blog</title><h1>My post</h1>${embedCode}</html>`);
    });
    await new Promise<void>((resolve) => blog.listen(0, "127.0.0.1", resolve));
    try {
      await page.goto(`http://127.0.0.1:${(blog.address() as AddressInfo).port}/post`);
      const embed = page.frameLocator("iframe");
      await embed.getByRole("button", { name: "Play", exact: true }).click();
      await expect
        .poll(() => embed.getByTestId("player-video").evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
        .toBeGreaterThan(1);
    } finally {
      blog.close();
    }
  });
});
