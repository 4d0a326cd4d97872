// Content bundles in Chromium: a creator (three READY contents set up through REST) creates a bundle
// in the portal, adds the three videos from the box, reorders them by dragging a row and from the
// keyboard; a viewer opens the bundle's public page, subscribes through the sandbox checkout, comes
// back subscribed and plays the second video on its watch page; the subscription is on Purchases.
import type { Page } from "@playwright/test";
import { expect, test } from "./helpers/csp-guard";
import { logIn, shot } from "./helpers/account";
import { Api } from "../test/support/api";
import { creatorWith } from "./helpers/box";

const baseUrl = process.env.KINORA_TEST_URL ?? "http://127.0.0.1:3000";
const api = new Api(baseUrl);

const rowTitles = (page: Page) => page.getByTestId("bundle-row").locator(".bundle-items__title a").allTextContents();
const videoTime = (page: Page) => page.getByTestId("player-video").evaluate((v: HTMLVideoElement) => v.currentTime);

test("a creator builds and orders a bundle; a viewer subscribes through the sandbox checkout and plays its second video", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const [first, second, third] = ["First light", "Second wind", "Third act"];
  const creator = await creatorWith(baseUrl, [first!, second!, third!]);
  const name = "Seaside trilogy";
  let bundleId = "";

  await test.step("the creator creates the bundle in the portal", async () => {
    await logIn(page, creator.userCode, creator.password);
    await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Bundles" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Bundles" })).toBeVisible();
    await page.getByRole("button", { name: "Create a bundle" }).click();
    const dialog = page.getByTestId("bundle-dialog");
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel(/^Price/).fill("4,90");
    await dialog.getByLabel("Subscription period").fill("1");
    await dialog.getByLabel("Period unit").selectOption("MONTHS");
    await dialog.getByLabel("Description").fill("Three short films by the sea.");
    await shot(page, "bundle-01-create", { fullPage: false });
    await dialog.getByRole("button", { name: "Create the bundle" }).click();
    await expect(page.getByTestId("bundle-name")).toHaveText(name);
    bundleId = /\/bundles\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
    await expect(page.getByTestId("bundle-items-empty")).toBeVisible();
  });

  await test.step("adds the three videos from the box, in order", async () => {
    const picker = page.getByTestId("bundle-picker");
    for (const title of [first, second, third]) {
      await picker.getByRole("button", { name: `Add ${title}` }).click();
      await expect(picker.getByRole("button", { name: `Add ${title}` })).toHaveCount(0);
    }
    await expect.poll(() => rowTitles(page)).toEqual([first, second, third]);
    await expect(picker).toContainText("Every ready video of your box is in this bundle.");
    await shot(page, "bundle-02-three-items");
  });

  await test.step("reorders them by dragging a row, then from the keyboard", async () => {
    // the third onto the first: it takes the first place
    await page.getByTestId("bundle-row").nth(2).dragTo(page.getByTestId("bundle-row").nth(0));
    await expect.poll(() => rowTitles(page)).toEqual([third, first, second]);
    // the handle of the last one, ArrowUp: it goes up one place, and keeps the focus
    const handle = page.getByRole("button", { name: `Move ${second}, position 3 of 3` });
    await handle.focus();
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => rowTitles(page)).toEqual([third, second, first]);
    await expect(page.getByRole("button", { name: `Move ${second}, position 2 of 3` })).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: `${second} moved to position 2 of 3.` })).toBeAttached();
    await shot(page, "bundle-03-reordered");
    // the order is the bundle's, as the interface answers it
    const items = await api.get(`/api/contentbundle/${bundleId}/items`, { token: creator.access });
    expect(items.body.items.map((i: { title: string }) => i.title)).toEqual([third, second, first]);
    expect(items.body.bundle.itemCount).toBe(3);
  });

  await test.step("a viewer subscribes on the bundle page through the sandbox checkout", async () => {
    const viewer = await api.newUser();
    const context = await page.context().browser()!.newContext({ baseURL: baseUrl });
    const viewerPage = await context.newPage();
    await viewerPage.goto(`/b/${bundleId}`);
    await expect(viewerPage.getByTestId("bundle-title")).toHaveText(name);
    await expect(viewerPage.getByTestId("bundle-playlist-item")).toHaveCount(3);
    await expect(viewerPage.getByTestId("bundle-playlist-item").locator("a")).toHaveText([third!, second!, first!]);
    await expect(viewerPage.getByTestId("bundle-playlist-item").first()).toContainText("0:06");
    await expect(viewerPage.getByTestId("bundle-offer")).toContainText("€4.90 for 1 month");
    await viewerPage.getByTestId("bundle-login").click();
    await expect(viewerPage).toHaveURL(/\/login\?callbackUrl=/);
    await logIn(viewerPage, viewer.userCode, viewer.password);
    await expect(viewerPage).toHaveURL(new RegExp(`/b/${bundleId}$`));
    await shot(viewerPage, "bundle-04-public-page");

    await viewerPage.getByRole("button", { name: "Subscribe · €4.90" }).click();
    await expect(viewerPage).toHaveURL(/\/checkout\/[0-9a-f]{32}$/);
    await expect(viewerPage.getByTestId("checkout-item")).toHaveText(`${name}, 1 month`);
    await expect(viewerPage.getByTestId("checkout-price")).toHaveText("€4.90");
    await shot(viewerPage, "bundle-05-checkout");
    await viewerPage.getByRole("button", { name: "Pay €4.90" }).click();
    await expect(viewerPage).toHaveURL(new RegExp(`/b/${bundleId}$`));
    await expect(viewerPage.getByTestId("bundle-subscribed")).toContainText("Subscribed: you can watch every video until");
    await shot(viewerPage, "bundle-06-subscribed");

    await test.step("and plays the second video on its watch page", async () => {
      await viewerPage.getByTestId("bundle-playlist-item").nth(1).getByRole("link", { name: second }).click();
      await expect(viewerPage.getByRole("heading", { level: 1, name: second })).toBeVisible();
      await expect(viewerPage.getByTestId("watch-bundle")).toContainText(`Included in bundle ${name}`);
      await expect(viewerPage.getByTestId("watch-bundle").getByRole("link", { name })).toHaveAttribute("href", `/b/${bundleId}`);
      await expect(viewerPage.locator(".vod-player")).toHaveAttribute("data-media", "full");
      await expect(viewerPage.getByTestId("vod-access")).toContainText("Subscribed: you can watch it until");
      await viewerPage.getByRole("button", { name: "Play", exact: true }).click();
      await expect.poll(() => videoTime(viewerPage), { timeout: 30_000 }).toBeGreaterThan(1);
      await shot(viewerPage, "bundle-07-playing");
    });

    await test.step("the subscription is on the viewer's Purchases page", async () => {
      await viewerPage.goto("/purchases");
      await expect(viewerPage.getByTestId("subscription-row")).toHaveCount(1);
      await expect(viewerPage.getByTestId("subscription-row")).toContainText(name);
      await expect(viewerPage.getByTestId("subscription-row")).toContainText("Running");
      await shot(viewerPage, "bundle-08-purchases");
    });
    await context.close();
  });

  await test.step("a signed-out visitor of the watch page is sent to the bundle to subscribe", async () => {
    const visitor = await page.context().browser()!.newPage({ baseURL: baseUrl });
    const items = await api.get(`/api/contentbundle/${bundleId}/items`, { token: creator.access });
    await visitor.goto(`/v/${items.body.items[1].vodId}`);
    await expect(visitor.locator(".vod-player")).toHaveAttribute("data-media", "preview");
    await expect(visitor.getByTestId("vod-subscribe")).toHaveAttribute("href", `/b/${bundleId}`);
    await visitor.close();
  });
});
