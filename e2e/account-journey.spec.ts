// The account journey against the shared test server, whose mail goes to the SMTP sink:
// register (with field errors first), activate from the mail, log in, see the dashboard, edit the
// profile and the finance section, see the public page, change the password, log out.
import { expect, test } from "./helpers/csp-guard";
import { firstLink, waitForMail } from "../test/support/mailbox";
import { fillRegister, logIn, newIdentity, registerThroughForm, shot } from "./helpers/account";
import { expectErrorUnder, expectFieldsNotice } from "./helpers/field-errors";

const mailDir = process.env.KINORA_TEST_MAIL_DIR;

test("register, activate by mail, log in, edit the account, log out", async ({ page }) => {
  test.skip(!mailDir, "needs the SMTP sink of scripts/test.ts (KINORA_TEST_MAIL_DIR)");
  const id = newIdentity("journey");

  await test.step("the register form says each of the server's field errors once, under its field", async () => {
    await page.goto("/register");
    await fillRegister(page, id);
    await page.getByLabel("Repeat the password").fill("something-else");
    await page.getByLabel("I accept the terms of service").uncheck();
    await page.getByRole("button", { name: "Create account" }).click();
    // the notice above names the fields by the form's labels; the messages are under the fields
    await expectFieldsNotice(page.getByRole("main").getByRole("alert"), ["Repeat the password", "Terms of service"]);
    const confirm = page.getByLabel("Repeat the password");
    await expectErrorUnder(page, confirm, "must equal the password");
    await expect(confirm).toHaveAccessibleDescription("must equal the password");
    await expectErrorUnder(page, page.getByLabel("I accept the terms of service"), "the conditions must be accepted");
    await expect(page.getByText("must equal the password")).toHaveCount(1);
    await expect(page.getByText("the conditions must be accepted")).toHaveCount(1);
    await shot(page, "journey-01-register-errors");
  });

  await test.step("register", async () => {
    await registerThroughForm(page, id);
    await expect(page.getByText(id.email)).toBeVisible();
    await shot(page, "journey-02-registered");
  });

  await test.step("an account that is not activated cannot log in, and is told why", async () => {
    await logIn(page, id.userCode, id.password);
    await expect(page.getByRole("main").getByRole("alert")).toContainText("not active");
    await shot(page, "journey-03-login-inactive");
  });

  await test.step("activate from the mail", async () => {
    const mail = await waitForMail(mailDir!, id.email, (m) => m.subject.includes("Activate"));
    const link = firstLink(mail);
    expect(new URL(link).pathname).toBe("/activate");
    await page.goto(link);
    await expect(page.getByText(`The account ${id.userCode} is active.`)).toBeVisible();
    await shot(page, "journey-04-activated");
    // the link is single-use
    await page.reload();
    await expect(page.getByRole("main").getByRole("alert")).toBeVisible();
  });

  await test.step("log in and see the dashboard", async () => {
    await page.goto(`/login?username=${id.userCode}`);
    await expect(page.getByLabel("Username or email")).toHaveValue(id.userCode);
    await logIn(page, id.userCode, id.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: `Hello, ${id.userCode}` })).toBeVisible();
    await expect(page.getByTestId("license-name")).toHaveText("Free");
    await expect(page.getByTestId("renew-date")).toHaveText(/\d{4}$/);
    await expect(page.getByRole("progressbar", { name: "Storage" })).toHaveAttribute("aria-valuenow", "0");
    await expect(page.getByRole("progressbar", { name: "Bandwidth this month" })).toBeVisible();
    await shot(page, "journey-05-dashboard");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "journey-05b-dashboard-narrow");
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step("edit the profile and see it on the public page", async () => {
    await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Account", exact: true }).click();
    await expect(page.getByLabel("First name")).toHaveValue(id.firstName);
    await expect(page.getByLabel("Date of birth")).toHaveValue(id.birthDate);
    await page.getByLabel("Page title").fill("Ada's films");
    await page.getByLabel("Description").fill("Short films about engines.");
    await page.getByLabel("Social profile 1").fill("https://social.example/ada");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Profile saved.");
    await shot(page, "journey-06-profile-saved");
    await page.reload();
    await expect(page.getByLabel("Page title")).toHaveValue("Ada's films");

    await page.getByTestId("user-menu").click();
    await page.getByRole("link", { name: "My page" }).click();
    await expect(page.getByRole("heading", { name: "Ada's films" })).toBeVisible();
    // the description is the creator page's About tab
    await page.getByRole("link", { name: "About", exact: true }).click();
    await expect(page.getByText("Short films about engines.")).toBeVisible();
    await shot(page, "journey-07-public-page");
  });

  await test.step("finance: a company needs the confirmation", async () => {
    await page.goto("/account/finance");
    await page.getByLabel("Payment account email").fill(`pay-${id.email}`);
    await page.getByLabel("Company name").fill("Analytical Engines Ltd");
    await page.getByLabel("I confirm I am entitled to act for this company").uncheck();
    await page.getByLabel("Street").fill("1 Engine Row");
    await page.getByLabel("City").fill("London");
    await page.getByLabel("Country").selectOption("GB");
    await page.getByRole("button", { name: "Save finance details" }).click();
    await expectFieldsNotice(page.getByRole("main").getByRole("alert"), ["I confirm I am entitled to act for this company"]);
    await expectErrorUnder(
      page,
      page.getByLabel("I confirm I am entitled to act for this company"),
      "must be true when a company name is given",
    );
    await expect(page.getByText("must be true when a company name is given")).toHaveCount(1);
    await shot(page, "journey-08a-finance-error");
    await page.getByLabel("I confirm I am entitled to act for this company").check();
    await page.getByRole("button", { name: "Save finance details" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Finance details saved.");
    await page.reload();
    await expect(page.getByLabel("Country")).toHaveValue("GB");
    await shot(page, "journey-08-finance");
    // the profile sent back with the finance section is unchanged
    await page.goto("/account");
    await expect(page.getByLabel("Page title")).toHaveValue("Ada's films");
  });

  await test.step("change the password and stay logged in", async () => {
    await page.goto("/account/password");
    await page.getByLabel(/^Current password/).fill(id.password);
    await page.getByLabel(/^New password/).fill("Journey-pass-2");
    await page.getByLabel("Repeat the new password").fill("Journey-pass-2");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("Password changed");
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step("log out", async () => {
    await page.getByTestId("user-menu").click();
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Log in" })).toBeVisible();
    await shot(page, "journey-09-logged-out");
    // a portal page sends to the login, and back to it afterwards
    await page.goto("/account/finance");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Faccount%2Ffinance$/);
    // the old password is gone, the new one works
    await logIn(page, id.userCode, id.password);
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Wrong username or password");
    await logIn(page, id.userCode, "Journey-pass-2");
    await expect(page).toHaveURL(/\/account\/finance$/);
  });
});
