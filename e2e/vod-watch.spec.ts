// The viewer's purchase in Chromium: a creator's READY pay-per-view vod (set up through REST); a
// signed-out viewer opens its watch page, sees the price and the preview, buys it through the
// sandbox checkout (item and price shown), comes back and the video plays (currentTime advances),
// and a reload keeps playing without the trackingId in any address (hls.js loaded only when the
// viewer presses play). Then the embed inside another site's iframe.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { test as unguarded, type Page } from "@playwright/test";
import { expect, test } from "./helpers/csp-guard";
import { logIn, shot } from "./helpers/account";
import { publishedVods, videoTime } from "./helpers/vod";
import { expectSale, openSales } from "./helpers/sales";
import { Api } from "../test/support/api";

const baseUrl = process.env.KINORA_TEST_URL ?? "http://127.0.0.1:3000";
const api = new Api(baseUrl);

/** Script responses of the page so far (the player's chunks load on demand). */
function countScripts(page: Page): () => number {
  let scripts = 0;
  page.on("response", (r) => void (r.request().resourceType() === "script" && scripts++));
  return () => scripts;
}

test("a signed-out viewer buys a pay-per-view vod through the sandbox checkout and it plays", async ({ page }) => {
  test.setTimeout(180_000);
  const title = "Harbour at night";
  const { userCode, password, vodIds } = await publishedVods(api, title, [{ licenseType: "PAY_PER_VIEW", pricePerView: "3,90" }]);
  const vodId = vodIds[0]!;
  const scripts = countScripts(page);
  const urlsWithTrackingId: string[] = [];
  let trackingId: string | undefined;
  // addresses of ours that carry the trackingId, besides the checkout's own
  page.on("request", (r) => {
    if (trackingId && r.url().includes(trackingId) && !new URL(r.url()).pathname.startsWith("/checkout/")) urlsWithTrackingId.push(r.url());
  });

  await test.step("the watch page: title, publisher, price and Buy; the 15-second preview plays", async () => {
    await page.goto(`/v/${vodId}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId("watch-publisher")).toHaveText(userCode);
    await expect(page.getByTestId("vod-price")).toHaveText("€3.90");
    const buy = page.getByRole("button", { name: "Buy · €3.90" });
    await expect(buy).toBeEnabled();
    await shot(page, "watch-01-pay-per-view");
    const before = scripts();
    await page.getByRole("button", { name: "Watch the 15-second preview" }).click();
    await expect(page.locator(".vod-player")).toHaveAttribute("data-media", "preview");
    await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(1);
    // hls.js came as one more script, on demand (the page loads without it), and plays through
    // Media Source Extensions: the video's source is a blob
    expect(scripts(), "hls.js loaded when the viewer pressed play").toBeGreaterThan(before);
    expect(await page.getByTestId("player-video").evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/^blob:/);
    await page.getByTestId("player-video").evaluate((v: HTMLVideoElement) => v.pause());
  });

  await test.step("Buy: the sandbox checkout shows the item and its price", async () => {
    await page.getByRole("button", { name: "Buy · €3.90" }).click();
    await expect(page).toHaveURL(/\/checkout\/[0-9a-f]{32}$/);
    trackingId = /\/checkout\/([0-9a-f]{32})$/.exec(page.url())![1];
    await expect(page.getByTestId("checkout-item")).toHaveText(title);
    await expect(page.getByTestId("checkout-price")).toHaveText("€3.90");
    await expect(page.getByTestId("checkout-seller")).toContainText(userCode);
    await shot(page, "watch-02-checkout");
  });

  await test.step("Pay: back on the watch page, the bought video plays at once; the trackingId leaves the address", async () => {
    // a guest gives the e-mail the receipt goes to
    await page.getByLabel("Email").fill("guest@example.test");
    await page.getByRole("button", { name: "Pay €3.90" }).click();
    await expect(page).toHaveURL(new RegExp(`/v/${vodId}$`));
    await expect(page.locator(".vod-player")).toHaveAttribute("data-media", "full");
    await expect(page.getByTestId("vod-access")).toContainText("Bought: you can watch it until");
    await expect(page.getByTestId("vod-buy")).toHaveCount(0);
    await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(1);
    await shot(page, "watch-03-playing");
    // the only address that carried it is the one the checkout returned to
    expect(urlsWithTrackingId).toEqual([`${baseUrl}/v/${vodId}?trackingId=${trackingId}`]);
  });

  await test.step("a reload keeps playing within the purchase's window (the trackingId kept in this browser)", async () => {
    await page.reload();
    await expect(page.locator(".vod-player")).toHaveAttribute("data-media", "full");
    await expect(page.getByTestId("vod-purchase")).toHaveCount(0);
    await page.getByRole("button", { name: "Play", exact: true }).click();
    await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(1);
    expect(await page.evaluate((id) => localStorage.getItem(`kinora.vod.${id}.trackingId`), vodId)).toBe(trackingId);
    expect(urlsWithTrackingId).toHaveLength(1);
    await shot(page, "watch-04-reloaded");
  });

  await test.step("another browser without the trackingId is asked to pay", async () => {
    const other = await page.context().browser()!.newPage();
    await other.goto(`${baseUrl}/v/${vodId}`);
    await expect(other.locator(".vod-player")).toHaveAttribute("data-media", "preview");
    await expect(other.getByRole("button", { name: "Buy · €3.90" })).toBeEnabled();
    await other.close();
  });

  await test.step("the creator sees the sale on the Sales page: anonymous buyer, the price, the 10 % fee and the net", async () => {
    const creator = await page.context().browser()!.newPage({ baseURL: baseUrl });
    await logIn(creator, userCode, password);
    await openSales(creator);
    await expectSale(creator, { title, buyer: "anonymous", gross: "€3.90", fee: "€0.39", net: "€3.51" });
    await shot(creator, "watch-06-sales");
    await creator.close();
  });
});

// Unguarded: the refused frame is a CSP report by design (the guard fails on any).
unguarded("the embed plays inside another site's iframe; the watch page refuses to be framed there", async ({ page }) => {
  unguarded.setTimeout(180_000);
  const { vodIds } = await publishedVods(api, "Tramway", [{ licenseType: "FREE" }]);
  const vodId = vodIds[0]!;
  const refusals: string[] = [];
  page.on("console", (m) => void (/frame-ancestors/.test(m.text()) && refusals.push(m.text())));
  // another site: a page of another origin (a server of the test, on loopback: Chromium keeps public
  // pages from framing local addresses) that frames our embed and our watch page
  const blog = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html" });
    res.end(`<!doctype html><title>A blog</title><h1>My post</h1>
      <iframe id="embed" src="${baseUrl}/embed/v/${vodId}" width="640" height="360" allowfullscreen></iframe>
      <iframe id="watch" src="${baseUrl}/v/${vodId}" width="640" height="360"></iframe>`);
  });
  await new Promise<void>((resolve) => blog.listen(0, "127.0.0.1", resolve));
  try {
    await page.goto(`http://127.0.0.1:${(blog.address() as AddressInfo).port}/post`);
    const embed = page.frameLocator("#embed");
    await embed.getByRole("button", { name: "Play", exact: true }).click();
    await expect
      .poll(() => embed.getByTestId("player-video").evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(1);
    // bare: no site header in the frame
    await expect(embed.locator(".site-header")).toHaveCount(0);
    await expect(page.frameLocator("#watch").getByTestId("player-video")).toHaveCount(0);
    // one refusal, the watch page's (the embed was let in)
    await expect.poll(() => refusals.length).toBe(1);
    expect(refusals[0]).toContain(`"frame-ancestors 'none'"`);
    await shot(page, "watch-07-embedded");
  } finally {
    blog.close();
  }
});
