// The embedded default without SMTP: mail lands in the outbox and a local visitor reads it at
// /dev/outbox. This spec starts its own server (SMTP_URL="") next to the shared one.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ALL_ROLES, startKinora, type Kinora } from "../test/support/server";
import { preparePostgres } from "../scripts/test-postgres";
import { fillRegister, logIn, newIdentity, shot } from "./helpers/account";

let server: Kinora;
let ownDb: { url: string; drop(): Promise<void> } | undefined;

// Mails are jobs: on PostgreSQL this server gets a database of its own and runs its jobs itself, so
// the suite's worker (which sends by SMTP) never takes its mails
test.beforeAll(async () => {
  ownDb = process.env.DATABASE_URL ? await preparePostgres() : undefined;
  server = await startKinora({ SMTP_URL: "", ...(ownDb ? { DATABASE_URL: ownDb.url, ...ALL_ROLES } : {}) });
});

test.afterAll(async () => {
  await server?.stop();
  await ownDb?.drop();
});

async function pageOn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  return context.newPage();
}

/** Opens the newest outbox mail to `to` with `subject` and follows its link. */
async function followOutboxLink(page: Page, to: string, subject: string): Promise<void> {
  const mail = page.getByRole("article", { name: subject }).filter({ hasText: to }).first();
  // a mail is a job: the worker may not have sent it yet when the page is first read, so read it again
  await expect(async () => {
    await page.goto("/dev/outbox");
    await expect(mail).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await mail.getByRole("link").first().click();
}

test("activate and renew the password through the development outbox", async ({ browser }) => {
  const page = await pageOn(browser);
  const id = newIdentity("outbox");

  await test.step("register; the page points at the outbox", async () => {
    await page.goto("/register");
    await fillRegister(page, id);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Check your mailbox" })).toBeVisible();
    await expect(page.getByRole("link", { name: "development outbox" })).toBeVisible();
  });

  await test.step("activate from the outbox", async () => {
    await page.goto("/dev/outbox");
    await expect(page.getByRole("heading", { name: "Development outbox" })).toBeVisible();
    await shot(page, "outbox-01-outbox");
    await followOutboxLink(page, id.email, "Activate your Kinora account");
    await expect(page.getByText(`The account ${id.userCode} is active.`)).toBeVisible();
    await page.getByRole("link", { name: "Log in" }).last().click();
    await logIn(page, id.userCode, id.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("license-name")).toHaveText("Free");
    await page.getByTestId("user-menu").click();
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Log in" })).toBeVisible();
  });

  await test.step("forgotten password: request a link, set a new password from the outbox mail", async () => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    // the login page has a "Username or email" field too: wait for the renew page
    await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
    await page.getByLabel("Username or email").fill(id.email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByRole("heading", { name: "Check your mailbox" })).toBeVisible();
    await followOutboxLink(page, id.email, "Reset your Kinora password");
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await expect(page.getByText(id.userCode)).toBeVisible();
    await page.getByLabel(/^New password/).fill("Renewed-pass-1");
    await page.getByLabel("Repeat the new password").fill("Renewed-pass-1");
    await shot(page, "outbox-02-renew");
    await page.getByRole("button", { name: "Set the password" }).click();
    await expect(page.getByText(`The password of ${id.userCode} has been changed.`)).toBeVisible();
    await page.getByRole("link", { name: "Log in" }).last().click();
    await logIn(page, id.userCode, "Renewed-pass-1");
    await expect(page).toHaveURL(/\/dashboard$/);
    await shot(page, "outbox-03-dashboard");
  });

  await test.step("close the account: logged out, and the login says why", async () => {
    await page.goto("/account/password");
    await page.getByRole("button", { name: "Close my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Close your account for good?" });
    await dialog.getByRole("button", { name: "Close my account" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Log in" })).toBeVisible();
    await logIn(page, id.userCode, "Renewed-pass-1");
    await expect(page.getByRole("main").getByRole("alert")).toContainText("disabled");
    expect((await page.goto(`/u/${id.userCode}`))?.status()).toBe(404);
  });

  await page.context().close();
});

test("the outbox page does not exist when mail is sent by SMTP", async ({ page }) => {
  // the shared server of scripts/test.ts sends mail to the SMTP sink
  test.skip(!process.env.KINORA_TEST_SMTP_URL, "needs the shared server with SMTP");
  const res = await page.goto("/dev/outbox");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Outbox" })).toHaveCount(0);
});
