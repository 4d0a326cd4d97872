// Helpers of the account journeys: a fresh identity, the register and login forms, screenshots.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

export interface Identity {
  userCode: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  birthDate: string; // yyyy-MM-dd, the value of <input type="date">
}

export function newIdentity(prefix = "e2e"): Identity {
  const userCode = `${prefix}${randomBytes(4).toString("hex")}`;
  return {
    userCode,
    email: `${userCode}@example.test`,
    password: "Journey-pass-1",
    firstName: "Ada",
    lastName: "Lovelace",
    birthDate: "1990-06-15",
  };
}

/**
 * Screenshots kept as CI artifacts: test-results/screenshots/<database>/<name>.png. The whole page,
 * or the viewport only (`fullPage: false`) for what is fixed to it, such as a modal dialog's backdrop.
 */
export async function shot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  const dir = path.join("test-results", "screenshots", process.env.KINORA_DB_LABEL ?? "local");
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

/** Fills the register form (everything valid) without submitting. */
export async function fillRegister(page: Page, id: Identity): Promise<void> {
  await page.getByLabel("Username").fill(id.userCode);
  await page.getByLabel("First name").fill(id.firstName);
  await page.getByLabel("Last name").fill(id.lastName);
  await page.getByLabel("Email").fill(id.email);
  await page.getByLabel("Date of birth").fill(id.birthDate);
  await page.getByLabel(/^Password/).fill(id.password);
  await page.getByLabel("Repeat the password").fill(id.password);
  await page.getByLabel("Language").selectOption("en");
  await page.getByLabel("I accept the terms of service").check();
}

export async function registerThroughForm(page: Page, id: Identity): Promise<void> {
  await page.goto("/register");
  await fillRegister(page, id);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your mailbox" })).toBeVisible();
}

export async function logIn(page: Page, username: string, password: string): Promise<void> {
  if (!page.url().includes("/login")) await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  await page.getByLabel("Username or email").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}
