// Purchases that follow the viewer (issue 21, item 4), in Chromium. A guest buys a pay-per-view vod
// (set up through REST) with an e-mail at the sandbox checkout; the receipt mail arrives (SMTP sink);
// a second browser context, which never saw the purchase, opens the mail's restore link and the video
// plays there in full. Then a signed-in viewer buys it and finds it in the Library with its window.
import type { Page } from "@playwright/test";
import { Api } from "../test/support/api";
import { waitForMail } from "../test/support/mailbox";
import { logIn, newIdentity } from "./helpers/account";
import { creatorWith } from "./helpers/box";
import { checkPage, expect, test } from "./helpers/page-health";

const baseUrl = process.env.KINORA_TEST_URL ?? "http://127.0.0.1:3000";
const mailDir = process.env.KINORA_TEST_MAIL_DIR;
const api = new Api(baseUrl);

const videoTime = (page: Page) => page.getByTestId("player-video").evaluate((v: HTMLVideoElement) => v.currentTime);

test("a guest buys with an e-mail, restores the purchase in another browser from the receipt; a viewer's Library lists it", async ({
  browser,
}) => {
  test.skip(!mailDir, "needs the SMTP sink of scripts/test.ts (KINORA_TEST_MAIL_DIR)");
  test.setTimeout(180_000);
  const title = "Lighthouse at dawn";
  const creator = await creatorWith(baseUrl, [title]);
  const published = await api.post(
    `/api/box/${creator.boxIds[0]}/vod`,
    { licenseType: "PAY_PER_VIEW", pricePerView: "2,90" },
    { token: creator.access },
  );
  expect(published.status, published.text).toBe(201);
  const vodId = published.body.vodId as string;
  const email = `${newIdentity("guest").userCode}@example.test`;

  const guest = await (await browser.newContext({ baseURL: baseUrl })).newPage();
  await test.step("the guest's checkout asks for the e-mail the receipt goes to", async () => {
    await guest.goto(`/v/${vodId}`);
    await guest.getByRole("button", { name: "Buy · €2.90" }).click();
    await expect(guest).toHaveURL(/\/checkout\/[0-9a-f]{32}$/);
    await expect(guest.getByLabel("Email")).toHaveAttribute("required", "");
    await guest.getByLabel("Email").fill(email);
    await checkPage(guest, "guest-01-checkout");
    await guest.getByRole("button", { name: "Pay €2.90" }).click();
    await expect(guest).toHaveURL(new RegExp(`/v/${vodId}$`));
    await expect(guest.locator(".vod-player")).toHaveAttribute("data-media", "full");
  });

  let restoreLink = "";
  await test.step("the receipt arrives with a link to watch on any device", async () => {
    const receipt = await waitForMail(mailDir!, email, (m) => m.subject.includes(title));
    expect(receipt.text).toContain("Amount: €2.90");
    expect(receipt.text).toMatch(/Access until: .+ UTC/);
    restoreLink = /(http\S+\/restore#\S+)/.exec(receipt.text)?.[1] ?? "";
    expect(restoreLink).not.toBe("");
  });

  await test.step("another browser opens the link: the purchase is restored and the video plays there", async () => {
    const other = await (await browser.newContext({ baseURL: baseUrl })).newPage();
    await other.goto(restoreLink);
    await expect(other.getByTestId("restore-done")).toContainText(`${title} is yours in this browser too. Watch until`);
    expect(new URL(other.url()).hash, "the token leaves the address").toBe("");
    await checkPage(other, "guest-02-restored");
    await other.getByTestId("restore-open").click();
    await expect(other).toHaveURL(new RegExp(`/v/${vodId}$`));
    await expect(other.locator(".vod-player")).toHaveAttribute("data-media", "full");
    await other.getByRole("button", { name: "Play", exact: true }).click();
    await expect.poll(() => videoTime(other), { timeout: 30_000 }).toBeGreaterThan(1);
    await other.context().close();
  });
  await guest.context().close();

  await test.step("a signed-in viewer buys it (no e-mail asked) and the Library lists it with its window", async () => {
    const viewer = await api.newUser();
    const page = await (await browser.newContext({ baseURL: baseUrl })).newPage();
    await logIn(page, viewer.userCode, viewer.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/v/${vodId}`);
    await page.getByRole("button", { name: "Buy · €2.90" }).click();
    await expect(page).toHaveURL(/\/checkout\/[0-9a-f]{32}$/);
    await expect(page.getByLabel("Email")).toHaveCount(0);
    await page.getByRole("button", { name: "Pay €2.90" }).click();
    await expect(page.locator(".vod-player")).toHaveAttribute("data-media", "full");
    await page.goto("/purchases");
    await expect(page).toHaveURL(/\/library$/);
    const item = page.getByTestId("library-video").filter({ hasText: title });
    await expect(item).toContainText(/Watch until \d+ \w+ \d{4}, \d{2}:\d{2} UTC/);
    await expect(item.getByRole("link", { name: title })).toHaveAttribute("href", `/v/${vodId}`);
    await expect(page.getByTestId("purchase-row").first()).toContainText("Paid");
    await checkPage(page, "guest-03-library");
    await page.context().close();
  });
});
