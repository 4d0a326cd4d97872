// The portal's Vod section in Chromium: a creator with a READY box item (uploaded through REST)
// publishes it from the Box page as pay per view in the dialog (only the chosen license type's field
// is shown; an invalid price is said under its field), sees it on /vod with its price, filters by
// license and visibility, edits it to Creative Commons BY-SA, unpublishes it, and publishes again by
// picking the item on /vod. The box item counts its vods and cannot be deleted while it has some.
import { rmSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./helpers/csp-guard";
import { Api } from "../test/support/api";
import { makeH264AacMp4, makeMediaDir } from "../test/support/media-fixtures";
import { uploadFile, waitForItem } from "../test/contract/box-fixtures";
import { logIn, shot } from "./helpers/account";
import { expectErrorUnder, expectFieldsNotice } from "./helpers/field-errors";

const baseUrl = process.env.KINORA_TEST_URL ?? "http://127.0.0.1:3000";
const TITLE = "Vod journey clip";
/** A dialog's screenshot: the viewport, which its backdrop covers. */
const DIALOG = { fullPage: false };
const PRICE_ERROR = "must be an amount from 0,01 to 10000,00 with at most two decimals";

/** The element that has the focus is inside the open dialog. */
const focusInDialog = (page: Page) => page.evaluate(() => document.activeElement?.closest("dialog[open]") !== null);

/** The names of the vods listed on /vod, in order. */
const listedTitles = (page: Page) => page.getByTestId("vod-item").locator("h3").allInnerTexts();

async function filterBy(page: Page, label: "License" | "Visibility", option: string): Promise<void> {
  await page.getByRole("main").getByRole("search").getByLabel(label, { exact: true }).selectOption({ label: option });
}

test("publish a READY box item as pay per view, list and filter it, edit it to CC BY-SA, unpublish it", async ({ page }) => {
  test.setTimeout(240_000);
  const api = new Api(baseUrl);
  const user = await api.newUser();
  const dir = makeMediaDir("kinora-e2e-vod-");
  const clip = makeH264AacMp4(dir, { durationSeconds: 3, width: 320, height: 180, name: "vod-clip.mp4" });
  const uploaded = await uploadFile(api, user.access, clip, { title: TITLE });
  expect(uploaded.status, uploaded.text).toBe(201);
  const boxId: string = uploaded.body.boxId;
  await waitForItem(api, user.access, boxId, (i) => i.status === "READY" || i.status === "FAILED", 150_000).then((i) =>
    expect(i.status).toBe("READY"),
  );
  const item = page.getByTestId("box-item").filter({ hasText: TITLE });
  const dialog = page.getByRole("dialog");
  let vodId = "";

  try {
    await test.step("the Box page offers Publish on the READY item; the dialog shows no license condition for Free", async () => {
      await logIn(page, user.userCode, user.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Box" }).click();
      await expect(item).toHaveAttribute("data-status", "READY");
      await expect(item.getByTestId("box-vod-count")).toHaveCount(0);
      await item.getByRole("button", { name: "Publish" }).click();
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveAccessibleName(`Publish “${TITLE}”`);
      await expect(dialog.getByRole("radio", { name: "Free" })).toBeChecked();
      await expect(dialog.getByLabel("Creative Commons license")).toHaveCount(0);
      await expect(dialog.getByLabel(/^Price per view/)).toHaveCount(0);
      await expect(dialog.getByLabel("Public")).toBeChecked();
      await shot(page, "vod-01-publish-dialog", DIALOG);
    });

    await test.step("the dialog keeps the focus (Tab cycles within it) and Escape closes it, back to its opener", async () => {
      expect(await focusInDialog(page)).toBe(true);
      for (let i = 0; i < 14; i++) {
        await page.keyboard.press(i % 4 === 3 ? "Shift+Tab" : "Tab");
        expect(await focusInDialog(page), `focus after ${i + 1} key presses`).toBe(true);
      }
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(item.getByRole("button", { name: "Publish" })).toBeFocused();
    });

    await test.step("each license type shows only its own field", async () => {
      await item.getByRole("button", { name: "Publish" }).click();
      await dialog.getByText("Creative Commons", { exact: true }).click();
      const ccType = dialog.getByLabel("Creative Commons license");
      await expect(ccType).toBeVisible();
      await expect(ccType.locator("option")).toHaveCount(7); // "Choose a license" and the six
      await expect(dialog.getByLabel(/^Price per view/)).toHaveCount(0);
      await dialog.getByRole("radio", { name: "Pay per view" }).check();
      await expect(dialog.getByLabel("Creative Commons license")).toHaveCount(0);
      await expect(dialog.getByLabel("Price per view (EUR)")).toBeVisible();
    });

    await test.step("an invalid price is said under the price field", async () => {
      const price = dialog.getByLabel("Price per view (EUR)");
      await price.fill("2,555");
      await dialog.getByRole("button", { name: "Publish" }).click();
      await expectErrorUnder(page, price, PRICE_ERROR);
      await expectFieldsNotice(dialog.getByRole("alert"), ["Price per view (EUR)"]);
      await shot(page, "vod-02-invalid-price", DIALOG);
    });

    await test.step("publish at 2,50: the dialog links to the watch page; the box item counts one vod", async () => {
      await dialog.getByLabel("Price per view (EUR)").fill("2,50");
      await dialog.getByRole("button", { name: "Publish" }).click();
      const link = dialog.getByTestId("watch-link");
      await expect(link).toBeVisible();
      await expect(link).toBeFocused();
      const href = (await link.getAttribute("href"))!;
      expect(href).toMatch(/^\/v\/[0-9a-f-]{36}$/);
      vodId = href.slice(3);
      await expect(link).toHaveText(`${new URL(baseUrl).origin}${href}`);
      await shot(page, "vod-03-published", DIALOG);
      await dialog.getByRole("button", { name: "Done" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(item.getByTestId("box-vod-count")).toHaveText("published as 1 vod");
      // what the server stored: the price in the wire format
      const stored = await api.get(`/api/vod/${vodId}`, { token: user.access });
      expect(stored.status, stored.text).toBe(200);
      expect(stored.body).toMatchObject({ licenseType: "PAY_PER_VIEW", pricePerView: "2,50", public: true });
      expect(stored.body.ccType).toBeUndefined();
    });

    await test.step("a box item with vods is not deleted: the server's message is shown", async () => {
      // a second vod of the same content, free and private, for the filters below
      const second = await api.post(`/api/box/${boxId}/vod`, { licenseType: "FREE", public: false }, { token: user.access });
      expect(second.status, second.text).toBe(201);
      await page.reload();
      await expect(item.getByTestId("box-vod-count")).toHaveText("published as 2 vods");
      await item.getByRole("button", { name: "Delete" }).click();
      await page
        .getByRole("dialog", { name: /^Delete "/ })
        .getByRole("button", { name: "Delete" })
        .click();
      await expect(item.getByRole("alert")).toHaveText("This content is published as 2 vod item(s): delete them first");
      await expect(item).toBeVisible();
      await shot(page, "vod-04-box-delete-refused");
    });

    const ppv = page.locator(`[data-testid="vod-item"][data-vod-id="${vodId}"]`);
    await test.step("/vod lists both, the pay-per-view one with its price", async () => {
      await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Videos" }).click();
      await expect(page.getByRole("heading", { name: "Videos", exact: true })).toBeVisible();
      await expect(page.getByTestId("vod-item")).toHaveCount(2);
      await expect(page.getByTestId("vod-count")).toHaveText("2 vods");
      await expect(ppv.getByTestId("vod-license")).toHaveText("€2.50");
      await expect(ppv.getByTestId("vod-visibility")).toHaveText("Public");
      await expect(ppv).toContainText("0:03");
      await expect(ppv.getByTestId("vod-expires")).toHaveText("Never");
      await expect(ppv.getByRole("link", { name: /Watch page/ })).toHaveAttribute("href", `/v/${vodId}`);
      const free = page.getByTestId("vod-item").and(page.locator(`:not([data-vod-id="${vodId}"])`));
      await expect(free.getByTestId("vod-license")).toHaveText("Free");
      await expect(free.getByTestId("vod-visibility")).toHaveText("Private");
      await shot(page, "vod-05-list");
    });

    await test.step("filters: by license type, by visibility", async () => {
      const count = page.getByTestId("vod-count");
      await filterBy(page, "License", "Pay per view");
      await expect(count).toHaveText("1 vod");
      await expect(page.getByTestId("vod-license")).toHaveText(["€2.50"]);
      await shot(page, "vod-06-filter-ppv");
      await filterBy(page, "License", "Free");
      await expect(count).toHaveText("1 vod");
      await expect(page.getByTestId("vod-license")).toHaveText(["Free"]);
      await filterBy(page, "License", "Creative Commons");
      await expect(page.getByTestId("vod-empty")).toHaveText("No vod matches your search and filters.");
      await filterBy(page, "License", "Any license");
      await filterBy(page, "Visibility", "Private");
      await expect(count).toHaveText("1 vod");
      await expect(page.getByTestId("vod-visibility")).toHaveText(["Private"]);
      await filterBy(page, "Visibility", "Public and private");
      await expect(count).toHaveText("2 vods");
      expect(await listedTitles(page)).toEqual([TITLE, TITLE]);
    });

    await test.step("edit: the dialog comes prefilled; Creative Commons needs its license; BY-SA is saved", async () => {
      await ppv.getByRole("button", { name: /^Edit/ }).click();
      await expect(dialog).toHaveAccessibleName(`Edit “${TITLE}”`);
      await expect(dialog.getByRole("radio", { name: "Pay per view" })).toBeChecked();
      await expect(dialog.getByLabel("Price per view (EUR)")).toHaveValue("2.50");
      await dialog.getByRole("radio", { name: "Creative Commons" }).check();
      const ccType = dialog.getByLabel("Creative Commons license");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expectErrorUnder(page, ccType, "is required");
      await ccType.selectOption("BY_SA");
      await expect(ccType).toHaveAccessibleDescription(/crediting you and sharing adaptations under the same license/);
      await expect(dialog.getByRole("link", { name: "Read the license" })).toHaveAttribute(
        "href",
        "https://creativecommons.org/licenses/by-sa/4.0/",
      );
      await shot(page, "vod-07-edit-cc", DIALOG);
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(ppv.getByTestId("vod-license")).toHaveText("CC BY-SA");
      await filterBy(page, "License", "Creative Commons");
      await page.getByRole("main").getByRole("search").getByLabel("Creative Commons license").selectOption({ label: "CC BY-SA" });
      await expect(page.getByTestId("vod-item")).toHaveCount(1);
      await expect(ppv).toBeVisible();
      const stored = await api.get(`/api/vod/${vodId}`, { token: user.access });
      expect(stored.body).toMatchObject({ licenseType: "CREATIVE_COMMONS", ccType: "BY_SA" });
      expect(stored.body.pricePerView).toBeUndefined();
      await shot(page, "vod-08-edited");
      await filterBy(page, "License", "Any license");
    });

    await test.step("unpublish, after confirming: the content stays in the box", async () => {
      await ppv.getByRole("button", { name: /^Unpublish/ }).click();
      const dialog = page.getByRole("dialog", { name: `Unpublish "${TITLE}"?` });
      await expect(dialog).toContainText("It stays in your box");
      await dialog.getByRole("button", { name: "Unpublish" }).click();
      await expect(ppv).toHaveCount(0);
      await expect(page.getByTestId("vod-count")).toHaveText("1 vod");
      expect((await api.get(`/api/vod/${vodId}`, { token: user.access })).status).toBe(404);
      expect((await api.get(`/api/box/${boxId}`, { token: user.access })).body.vodCount).toBe(1);
      await shot(page, "vod-09-unpublished");
    });

    await test.step("publish a video from /vod by picking a READY box item", async () => {
      await page.getByRole("button", { name: "Publish a video" }).click();
      await expect(dialog).toHaveAccessibleName("Publish a video");
      // nothing picked: said under the picker
      await dialog.getByRole("button", { name: "Publish" }).click();
      const picker: Locator = dialog.getByRole("combobox", { name: "Video", exact: true });
      await expectErrorUnder(page, picker, "Choose the video to publish");
      await expect(picker.locator("option", { hasText: TITLE })).toHaveCount(1);
      await picker.selectOption({ label: `${TITLE} (0:03)` });
      await shot(page, "vod-10-pick", DIALOG);
      await dialog.getByRole("button", { name: "Publish" }).click();
      await expect(dialog.getByTestId("watch-link")).toHaveAttribute("href", /^\/v\/[0-9a-f-]{36}$/);
      await dialog.getByRole("button", { name: "Done" }).click();
      await expect(page.getByTestId("vod-count")).toHaveText("2 vods");
    });

    await test.step("at phone width (390 px) nothing overflows, the dialog included", async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(page, "vod-11-list-390");
      await page.getByTestId("vod-item").first().getByRole("button", { name: /^Edit/ }).click();
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await shot(page, "vod-12-dialog-390", DIALOG);
      await page.keyboard.press("Escape");
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
