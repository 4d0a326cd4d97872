// Moderation in Chromium (issue 25): a signed-out viewer reports a vod from its watch page; a
// moderator takes it down from the console's queue with a reason; the viewer finds the notice in its
// place; the owner reads the statement of reasons on their Notices page and appeals; the moderator
// reverses the takedown from the appeals; the vod is back and the owner's notice says so. Screenshots
// kept (test-results/screenshots). An administrator deletes an account after typing its user code again.
import type { Browser, Page } from "@playwright/test";
import { Api } from "../test/support/api";
import { testAdmin } from "../test/contract/admin-fixtures";
import { logIn, shot } from "./helpers/account";
import { publishedVods } from "./helpers/vod";
import { checkPage, expect, test } from "./helpers/page-health";

const baseUrl = process.env.KINORA_TEST_URL ?? "http://127.0.0.1:3000";
const api = new Api(baseUrl);

async function signedIn(browser: Browser, userCode: string, password: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: baseUrl })).newPage();
  await logIn(page, userCode, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

test("a viewer reports a vod, a moderator takes it down, the owner appeals, the moderator restores it", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const title = `Night fight ${Date.now().toString(36)}`;
  const creator = await publishedVods(api, title, [{ licenseType: "FREE" }]);
  const vodId = creator.vodIds[0]!;
  const admin = await testAdmin(api);
  const reason = "Graphic violence without a warning";

  await test.step("the viewer reports the vod from its watch page", async () => {
    await page.goto(`/v/${vodId}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await page.getByTestId("report-open").click();
    const dialog = page.getByRole("dialog", { name: "Report to the moderators" });
    await dialog.getByLabel("What is wrong").selectOption("violence");
    await dialog.getByLabel("Details").fill("A fight at 0:03, shown to everyone");
    await dialog.getByLabel("Your email").fill("witness@example.test");
    await shot(page, "moderation-01-report");
    await dialog.getByRole("button", { name: "Send the report" }).click();
    await expect(dialog.getByTestId("report-sent")).toContainText("Thank you");
    await dialog.getByTestId("report-sent").getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  const moderator = await signedIn(browser, admin.userCode, admin.password);
  await test.step("the moderator finds it in the queue and takes it down with a reason", async () => {
    await moderator.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Console" }).click();
    await expect(moderator.getByRole("heading", { level: 1, name: "Administration" })).toBeVisible();
    await moderator.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Reports" }).click();
    const row = moderator.getByTestId("report-row").filter({ has: moderator.getByRole("link", { name: title }) });
    await expect(row).toContainText("Violent or graphic content");
    await expect(row).toContainText("A fight at 0:03");
    await checkPage(moderator, "moderation-02-queue");
    await row.getByTestId("take-down").click();
    const dialog = moderator.getByRole("dialog", { name: "Take it down" });
    await expect(dialog.getByLabel("Rule applied")).toHaveValue("violence");
    await dialog.getByLabel("Reason (the owner reads it)").fill(reason);
    await shot(moderator, "moderation-03-take-down", { fullPage: false });
    await dialog.getByRole("button", { name: "Take down" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
  });

  await test.step("the viewer finds the notice in its place", async () => {
    await page.reload();
    await expect(page.getByTestId("taken-down")).toContainText(reason);
    await expect(page.getByRole("heading", { level: 1, name: "Taken down" })).toBeVisible();
    await shot(page, "moderation-04-notice");
  });

  const owner = await signedIn(browser, creator.userCode, creator.password);
  await test.step("the owner reads the statement of reasons and appeals", async () => {
    await owner.getByTestId("dashboard-notices").getByRole("link").click();
    await expect(owner.getByRole("heading", { level: 1, name: "Notices from the moderators" })).toBeVisible();
    const notice = owner.getByTestId("notice").filter({ hasText: title });
    await expect(notice).toContainText(reason);
    await expect(notice).toContainText("Violent or graphic content");
    await expect(notice).toContainText("By a moderator, after a report");
    await notice.getByTestId("appeal-open").click();
    await notice.getByLabel("Why it should be restored").fill("It is a staged scene from my short film, with a warning at the start");
    await notice.getByRole("button", { name: "Send the appeal" }).click();
    await expect(notice.getByTestId("notice-appeal")).toContainText("A moderator will decide on it.");
    await checkPage(owner, "moderation-05-appeal");
  });

  await test.step("the moderator reverses the takedown from the appeals", async () => {
    await moderator.goto("/admin/appeals");
    const row = moderator.getByTestId("appeal-row").filter({ hasText: title });
    await expect(row).toContainText("staged scene");
    await row.getByTestId("decide-appeal").click();
    const dialog = moderator.getByRole("dialog", { name: "Decide the appeal" });
    await dialog.getByLabel("Decision").selectOption("reversed");
    await dialog.getByLabel("Response to the owner").fill("With the warning at the start it may stay");
    await dialog.getByRole("button", { name: "Decide" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
    await moderator.goto("/admin/takedowns?all=1");
    await expect(moderator.getByTestId("takedown-row").filter({ hasText: title })).toContainText("Restored");
    await shot(moderator, "moderation-06-takedowns");
  });

  await test.step("the vod is back for the viewer; the owner's notice says the appeal was granted", async () => {
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await owner.reload();
    const notice = owner.getByTestId("notice").filter({ hasText: title });
    await expect(notice).toContainText("Restored");
    await expect(notice).toContainText("granted your appeal");
    await shot(owner, "moderation-07-restored");
  });
});

test("the console is for staff: a user finds nothing at /admin", async ({ page, consoleErrors }) => {
  consoleErrors.allow(/admin\/reports: Failed to load resource: the server responded with a status of 404/);
  const user = await api.newUser();
  await logIn(page, user.userCode, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Console" })).toHaveCount(0);
  const res = await page.goto("/admin/reports");
  expect(res?.status()).toBe(404);
});

test("an administrator deletes an account from the console, after typing its user code", async ({ browser }) => {
  const creator = await publishedVods(api, `Spam ${Date.now().toString(36)}`, [{ licenseType: "FREE" }]);
  const admin = await testAdmin(api);
  const staff = await signedIn(browser, admin.userCode, admin.password);
  await staff.goto(`/admin/users?q=${creator.userCode}`);
  const row = staff.getByTestId("admin-user").filter({ hasText: creator.userCode });
  await expect(row).toHaveCount(1);
  await row.getByTestId("delete-user").click();
  const dialog = staff.getByRole("dialog", { name: `Delete ${creator.userCode} and all their data` });
  await expect(dialog).toContainText("cannot be undone");
  // a wrong code deletes nothing: the field says why
  await dialog.getByLabel(`Type ${creator.userCode} to confirm`).fill("someone-else");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(dialog).toContainText("must be the user code of the account to delete");
  await checkPage(staff, "moderation-08-delete-confirm");
  await dialog.getByLabel(`Type ${creator.userCode} to confirm`).fill(creator.userCode);
  await dialog.getByLabel("Reason").fill("Spam account");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  const res = await staff.goto(`/v/${creator.vodIds[0]}`);
  expect(res?.status()).toBe(404);
  await staff.goto(`/admin/audit?action=user.delete&targetId=${creator.userCode}`);
  await expect(staff.getByRole("row").filter({ hasText: "Spam account" })).toContainText("user.delete");
});
