// The portal's forms in Chromium, as a newcomer first meets them: every error said once, under its
// field, the notice above the form linking to the fields by their labels; an empty login is told
// what is missing; every page has its icon.
import { expect, test } from "@playwright/test";
import { fillRegister, newIdentity, shot } from "./helpers/account";
import { expectErrorUnder, expectFieldsNotice } from "./helpers/field-errors";

test("register with nothing filled in: each error once, under its field; the notice names the fields by their labels", async ({ page }) => {
  await page.goto("/register");
  await page.getByRole("button", { name: "Create account" }).click();
  const main = page.getByRole("main");
  const notice = main.getByRole("alert");
  // in the order of the form, by the form's labels, not the operation's names
  await expectFieldsNotice(notice, ["Username", "First name", "Last name", "Email", "Date of birth", "Password", "Terms of service"]);
  const errors: [label: string, message: string][] = [
    ["Username", "must be 3 to 32 letters, digits, '.', '_' or '-'"],
    ["First name", "is required"],
    ["Last name", "is required"],
    ["Email", "must be a valid email address"],
    ["Date of birth", "is required"],
    ["Password", "must be at least 8 characters long"],
    ["I accept the terms of service", "the conditions must be accepted"],
  ];
  // (a required field's label ends in " *")
  for (const [label, message] of errors) await expectErrorUnder(page, page.getByLabel(new RegExp(`^${label}`)), message);
  // each message once on the page: under its field only, never again in the notice
  for (const message of new Set(errors.map(([, m]) => m))) {
    await expect(main.getByText(message), message).toHaveCount(errors.filter(([, m]) => m === message).length);
  }
  await expect(main.locator(".field__error")).toHaveCount(errors.length);
  // the fields that are fine are not marked
  await expect(page.getByLabel("Repeat the password")).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Language")).not.toHaveAttribute("aria-invalid", "true");
  await expect(main).not.toContainText("Validation failed");
  await expect(main).not.toContainText("User code");
  await expect(main).not.toContainText("dd/MM/yyyy");
  // the notice has the focus, and a keyboard user goes from it to a field by its link
  await expect(notice).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(notice.getByRole("link", { name: "Username" })).toBeFocused();
  await notice.getByRole("link", { name: "Date of birth" }).click();
  await expect(page).toHaveURL(/#f-birthDate$/);
  await shot(page, "forms-01-register-empty");
  // a phone's width: nothing overflows, each error still under its field
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectErrorUnder(page, page.getByLabel(/^Password/), "must be at least 8 characters long");
  await shot(page, "forms-01b-register-empty-390");
});

test("an error on what the form sends without an input is said in the notice, with its message", async ({ page }) => {
  // as from a page reached through another address than the server's own: the activation link points elsewhere
  await page.route("**/api/trpc/users.register*", (route) =>
    route.continue({
      postData: route
        .request()
        .postData()!
        .replace(/"activationUrl":"http:\/\/[^/"]+/, '"activationUrl":"http://elsewhere.example'),
    }),
  );
  await page.goto("/register");
  await fillRegister(page, newIdentity("forms"));
  await page.getByRole("button", { name: "Create account" }).click();
  const notice = page.getByRole("main").getByRole("alert");
  // named by the form's words for it, with the server's message: there is no field to put it under
  await expect(notice).toHaveText(
    /^Activation link: must point to an origin registered for this client: http:\/\/127\.0\.0\.1:\d+, http:\/\/localhost:\d+$/,
  );
  await expect(notice.getByRole("link")).toHaveCount(0);
  await expect(page.locator("[aria-invalid=true]")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Check your mailbox" })).toHaveCount(0);
});

test("login with empty fields says what is missing, without asking the server", async ({ page }) => {
  await page.goto("/login");
  const signIns: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/auth/callback")) signIns.push(r.url());
  });
  await page.getByRole("button", { name: "Log in" }).click();
  const notice = page.getByRole("main").getByRole("alert");
  await expectFieldsNotice(notice, ["Username or email", "Password"]);
  await expectErrorUnder(page, page.getByLabel("Username or email"), "is required");
  await expectErrorUnder(page, page.getByLabel("Password"), "is required");
  await expect(page.getByRole("main").getByText("is required")).toHaveCount(2);
  await expect(page.getByRole("main")).not.toContainText("Wrong username or password");
  await shot(page, "forms-02-login-empty");

  await page.getByLabel("Username or email").fill("somebody");
  await page.getByRole("button", { name: "Log in" }).click();
  await expectFieldsNotice(notice, ["Password"]);
  await expect(page.getByLabel("Username or email")).not.toHaveAttribute("aria-invalid", "true");
  await expectErrorUnder(page, page.getByLabel("Password"), "is required");
  await expect(page.getByRole("main").getByText("is required")).toHaveCount(1);
  expect(signIns).toEqual([]);
  // filled in, a wrong password is what the server says
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(notice).toHaveText("Wrong username or password.");
  await expect(page.getByRole("main").locator(".field__error")).toHaveCount(0);
});

test("every page names an icon that loads; /favicon.ico is there too", async ({ page, request }) => {
  for (const path of ["/", "/login", "/register"]) {
    await page.goto(path);
    const icons = await page.locator('link[rel="icon"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
    expect(icons.length, path).toBeGreaterThan(0);
    for (const href of icons) {
      const res = await request.get(href);
      expect(res.status(), href).toBe(200);
      expect(res.headers()["content-type"], href).toMatch(/^image\//);
    }
  }
  const ico = await request.get("/favicon.ico");
  expect(ico.status()).toBe(200);
  expect(ico.headers()["content-type"]).toBe("image/x-icon");
});
