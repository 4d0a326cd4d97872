// The portal's Marketplace in Chromium: a seller (set up through REST) offers a READY content at a
// spot price from the Box page; a second creator finds it on /marketplace (filtered by license
// type), previews it, acquires it through the sandbox checkout, comes back to the Marketplace where
// the acquisition finishes, and finds it in their box marked as acquired with its license; the
// seller's listing counts the acquisition.
import { rmSync } from "node:fs";
import { expect, test } from "./helpers/csp-guard";
import { Api } from "../test/support/api";
import { makeH264AacMp4, makeMediaDir } from "../test/support/media-fixtures";
import { uploadFile, waitForItem } from "../test/contract/box-fixtures";
import { logIn, shot } from "./helpers/account";

const baseUrl = process.env.KINORA_TEST_URL ?? "http://127.0.0.1:3000";
const DIALOG = { fullPage: false };

test("a second creator acquires a SPOT_PRICE content through the sandbox checkout and finds it in their box", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const api = new Api(baseUrl);
  const seller = await api.newUser();
  const buyer = await api.newUser();
  const title = `Market journey ${seller.userCode}`;
  const dir = makeMediaDir("kinora-e2e-market-");
  const clip = makeH264AacMp4(dir, { durationSeconds: 3, width: 320, height: 180, name: "market-clip.mp4" });
  const uploaded = await uploadFile(api, seller.access, clip, { title });
  expect(uploaded.status, uploaded.text).toBe(201);
  await waitForItem(api, seller.access, uploaded.body.boxId, (i) => i.status === "READY" || i.status === "FAILED", 150_000).then((i) =>
    expect(i.status).toBe("READY"),
  );

  try {
    await test.step("the seller offers the content at a spot price from the Box page", async () => {
      const sellerContext = await browser.newContext({ baseURL: baseUrl });
      const sellerPage = await sellerContext.newPage();
      await logIn(sellerPage, seller.userCode, seller.password);
      await expect(sellerPage).toHaveURL(/\/dashboard$/);
      await sellerPage.goto("/box");
      const item = sellerPage.getByTestId("box-item").filter({ hasText: title });
      await item.getByRole("button", { name: "Offer" }).click();
      const dialog = sellerPage.getByRole("dialog");
      await expect(dialog).toHaveAccessibleName(`Offer “${title}”`);
      await dialog.getByText("Spot price", { exact: true }).click();
      await expect(dialog.getByLabel(/^Your part per view/)).toHaveCount(0);
      await dialog.getByLabel(/^Price \(/).fill("3,50");
      await dialog.getByLabel("Allow download").check();
      await shot(sellerPage, "market-01-offer", DIALOG);
      await dialog.getByRole("button", { name: "Offer" }).click();
      await expect(dialog).toHaveCount(0);
      await sellerContext.close();
    });

    await test.step("the buyer finds it on the Marketplace, filtered by license type, and previews it", async () => {
      await logIn(page, buyer.userCode, buyer.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Marketplace" }).click();
      await expect(page).toHaveURL(/\/marketplace$/);
      const search = page.getByRole("main").getByRole("search");
      await search.getByLabel("License", { exact: true }).selectOption({ label: "Spot price" });
      await search.getByLabel("Seller").fill(seller.userCode);
      await search.getByRole("button", { name: "Search" }).click();
      const card = page.getByTestId("market-item").filter({ hasText: title });
      await expect(card).toHaveCount(1);
      await expect(card.getByTestId("market-license")).toHaveText("€3.50 once");
      await expect(card.getByTestId("market-seller")).toHaveText(seller.userCode);
      await card.getByRole("button", { name: "Preview" }).click();
      await expect(card.locator("video")).toHaveCount(1);
      await shot(page, "market-02-browse");
    });

    await test.step("acquire: the sandbox checkout, then back on the Marketplace the content is in the box", async () => {
      const card = page.getByTestId("market-item").filter({ hasText: title });
      await card.getByRole("button", { name: "Acquire" }).click();
      await expect(page).toHaveURL(/\/checkout\/[0-9a-f]{32}$/);
      await expect(page.getByTestId("checkout-price")).toHaveText("€3.50");
      await shot(page, "market-03-checkout");
      await page.getByRole("button", { name: "Pay €3.50" }).click();
      await expect(page).toHaveURL(/\/marketplace$/);
      await expect(page.getByTestId("market-acquired")).toContainText(`“${title}” is in your box`);
      await shot(page, "market-04-acquired");
    });

    await test.step("the box shows it, acquired, with its license and seller", async () => {
      await page.getByTestId("market-acquired").getByRole("link", { name: "Open your Box" }).click();
      await expect(page).toHaveURL(/\/box$/);
      const item = page.getByTestId("box-item").filter({ hasText: title });
      await expect(item).toHaveCount(1);
      await expect(item.getByTestId("box-acquired")).toContainText(`from ${seller.userCode}`);
      await expect(item.getByTestId("box-license")).toHaveText("€3.50 once");
      await expect(item.getByRole("button", { name: "Offer" })).toHaveCount(0);
      await shot(page, "market-05-box");
    });

    await test.step("the seller's listing counts the acquisition", async () => {
      const listings = await api.post("/api/search/marketplace/contents", {}, { token: seller.access });
      expect(listings.body.totalCount).toBe(1);
      const sellerContext = await browser.newContext({ baseURL: baseUrl });
      const sellerPage = await sellerContext.newPage();
      await logIn(sellerPage, seller.userCode, seller.password);
      await expect(sellerPage).toHaveURL(/\/dashboard$/);
      await sellerPage.goto("/marketplace");
      await expect(sellerPage.getByTestId("market-acquisitions")).toHaveText("Acquired once");
      await shot(sellerPage, "market-06-listings");
      await sellerContext.close();
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
