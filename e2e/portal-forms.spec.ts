// The portal's forms in Chromium, as a newcomer first meets them: every error shown once, named by
// the form's own label; an empty login is told what is missing; every page has its icon.
import { expect, test } from "@playwright/test";
import { shot } from "./helpers/account";

test("register with nothing filled in: each error once, under the form's labels, none about a date format", async ({ page }) => {
  await page.goto("/register");
  await page.getByRole("button", { name: "Create account" }).click();
  const alert = page.getByRole("main").getByRole("alert");
  // in the order of the form
  await expect(alert.getByRole("listitem")).toHaveText([
    "Username: must be 3 to 32 letters, digits, '.', '_' or '-'",
    "First name: is required",
    "Last name: is required",
    "Email: must be a valid email address",
    "Date of birth: is required",
    "Password: must be at least 8 characters long",
    "Terms of service: the conditions must be accepted",
  ]);
  const main = page.getByRole("main");
  // once: not again beside the field, and without the server's summary or internal names
  await expect(main.getByText("is required")).toHaveCount(3);
  await expect(main.getByText("must be a valid email address")).toHaveCount(1);
  await expect(main).not.toContainText("Validation failed");
  await expect(main).not.toContainText("User code");
  await expect(main).not.toContainText("dd/MM/yyyy");
  // the field is marked and reachable from its error
  await expect(page.getByLabel("Date of birth")).toHaveAttribute("aria-invalid", "true");
  await alert.getByRole("link", { name: "Date of birth: is required" }).click();
  await expect(page).toHaveURL(/#f-birthDate$/);
  await shot(page, "forms-01-register-empty");
});

test("login with empty fields says what is missing, without asking the server", async ({ page }) => {
  await page.goto("/login");
  const signIns: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/auth/callback")) signIns.push(r.url());
  });
  await page.getByRole("button", { name: "Log in" }).click();
  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert.getByRole("listitem")).toHaveText(["Username or email: is required", "Password: is required"]);
  await expect(page.getByRole("main")).not.toContainText("Wrong username or password");
  await shot(page, "forms-02-login-empty");

  await page.getByLabel("Username or email").fill("somebody");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(alert.getByRole("listitem")).toHaveText(["Password: is required"]);
  expect(signIns).toEqual([]);
  // filled in, a wrong password is what the server says
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(alert).toHaveText("Wrong username or password.");
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
