// The Developers page (issue 27): a creator makes an API key in the portal (scopes chosen, the key
// shown once), the key works through REST and is refused once revoked from the page; then a webhook
// endpoint (events chosen, the secret shown once) whose delivery log shows the delivery of an event
// (box.failed of an upload that is not media) with its attempt, sends it again, and deletes the
// endpoint. The page and the log pass checkPage.
import { Api } from "../test/support/api";
import { startReceiver } from "../test/support/webhook-receiver";
import { logIn } from "./helpers/account";
import { checkPage, expect, test } from "./helpers/page-health";

const baseUrl = process.env.KINORA_TEST_URL ?? "http://127.0.0.1:3000";

test("API keys and webhooks from the Developers page", async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  // the key made without a scope: the server's 400, shown under the scopes
  consoleErrors.allow(/account\/developers: Failed to load resource: the server responded with a status of 400/);
  const api = new Api(baseUrl);
  const user = await api.newUser();
  const receiver = await startReceiver();
  try {
    await logIn(page, user.userCode, user.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/account/developers");
    await expect(page.getByRole("heading", { level: 2, name: "API keys" })).toBeVisible();
    await expect(page.getByTestId("api-keys-empty")).toBeVisible();
    await expect(page.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/docs/api");

    let key = "";
    await test.step("a key made with its scopes is shown once; without a scope the form says so under the scopes", async () => {
      await page.getByTestId("create-api-key").click();
      const dialog = page.getByTestId("create-api-key-dialog");
      await dialog.getByLabel("Name").fill("shop");
      await dialog.getByRole("button", { name: "New API key" }).click();
      await expect(dialog.locator(".field__error")).toContainText("must be one or more of");
      await dialog.getByRole("checkbox", { name: "box:read" }).check();
      await dialog.getByRole("button", { name: "New API key" }).click();
      key = await dialog.getByTestId("api-key-value").inputValue();
      expect(key).toMatch(/^kin_[A-Za-z0-9_-]{43}$/);
      await dialog.getByRole("button", { name: "Done" }).click();
      const row = page.getByTestId("api-key-row");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("shop");
      await expect(row).toContainText(key.slice(0, 12));
      await expect(row).not.toContainText(key);
      expect((await api.post("/api/search/box/contents", {}, { token: key })).status).toBe(200);
      await checkPage(page, "developers");
    });

    await test.step("revoked from the page, the key is refused", async () => {
      await page.getByRole("button", { name: "Revoke shop" }).click();
      await page.getByTestId("revoke-api-key").getByRole("button", { name: "Revoke" }).click();
      await expect(page.getByTestId("api-keys-empty")).toBeVisible();
      expect((await api.post("/api/search/box/contents", {}, { token: key })).status).toBe(401);
    });

    await test.step("an endpoint made with its events shows its secret once", async () => {
      await page.getByTestId("create-webhook").click();
      const dialog = page.getByTestId("create-webhook-dialog");
      await dialog.getByLabel("Endpoint URL").fill(receiver.url);
      await dialog.getByRole("checkbox", { name: "box.failed" }).check();
      await dialog.getByLabel("Description").fill("e2e receiver");
      await dialog.getByRole("button", { name: "New endpoint" }).click();
      const secret = await dialog.getByTestId("webhook-secret").inputValue();
      expect(secret).toMatch(/^whsec_/);
      await dialog.getByRole("button", { name: "Done" }).click();
      await expect(page.getByTestId("webhook-row")).toContainText("box.failed");
    });

    await test.step("the delivery log shows an event's delivery and its attempt; sent again; the endpoint deleted", async () => {
      const form = new FormData();
      form.append("title", "not media");
      form.append("file", new Blob([Buffer.from("not media")]), "not-media.mp4");
      const upload = await fetch(`${baseUrl}/api/box`, { method: "POST", headers: { Authorization: `Bearer ${user.access}` }, body: form });
      expect(upload.status).toBe(201);
      await expect.poll(() => receiver.got.length, { timeout: 60_000 }).toBeGreaterThan(0);
      await page.getByRole("link", { name: "Deliveries" }).click();
      await expect(page.getByTestId("webhook-url")).toHaveText(receiver.url);
      const row = page.getByTestId("delivery-row");
      await expect(async () => {
        await page.reload();
        await expect(row).toContainText("Delivered", { timeout: 1000 });
      }).toPass({ timeout: 30_000 });
      await expect(row).toContainText("box.failed");
      await expect(row.locator(".attempts li")).toHaveCount(1);
      await expect(row.locator(".attempts li")).toContainText("200");
      await checkPage(page, "developers-deliveries");
      await page.getByTestId("retry-delivery").click();
      await expect(page.getByRole("status").filter({ hasText: "Sent again." })).toBeVisible();
      await expect.poll(() => receiver.got.length, { timeout: 30_000 }).toBe(2);
      expect(receiver.got[1]!.headers["webhook-id"]).toBe(receiver.got[0]!.headers["webhook-id"]);
      await page.getByRole("button", { name: `Delete ${receiver.url}` }).click();
      await page.getByTestId("delete-webhook").getByRole("button", { name: "Delete" }).click();
      await expect(page).toHaveURL(/\/account\/developers$/);
      await expect(page.getByTestId("webhooks-empty")).toBeVisible();
    });
  } finally {
    await receiver.close();
  }
});
