// A newcomer signs up from either name a local instance answers to (issue 21, item 1): the launcher
// prints http://127.0.0.1:PORT, and the same port answers on localhost. Through each name in turn:
// the register form, the activation mail (SMTP sink) whose link keeps that name, activation, login.
import { firstLink, waitForMail } from "../test/support/mailbox";
import { fillRegister, logIn, newIdentity } from "./helpers/account";
import { checkPage, expect, test } from "./helpers/page-health";

const mailDir = process.env.KINORA_TEST_MAIL_DIR;
const testUrl = new URL(process.env.KINORA_TEST_URL ?? "http://127.0.0.1:3000");

for (const name of ["127.0.0.1", "localhost"]) {
  test(`a newcomer signs up and logs in through http://${name}`, async ({ browser }) => {
    test.skip(!mailDir, "needs the SMTP sink of scripts/test.ts (KINORA_TEST_MAIL_DIR)");
    const origin = `http://${name}:${testUrl.port}`;
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    const id = newIdentity("newcomer");
    // the same pages through either name: checked (axe, 390 px, screenshots) through the first only
    const check = name === "127.0.0.1" ? (step: string) => checkPage(page, `signup-${step}`) : async () => undefined;

    await test.step("register", async () => {
      await page.goto("/register");
      await fillRegister(page, id);
      await check("01-register");
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByRole("heading", { name: "Check your mailbox" })).toBeVisible();
      await expect(page.getByText(id.email)).toBeVisible();
      await check("02-check-mailbox");
    });

    await test.step("the activation mail's link keeps the name the form was opened at", async () => {
      const mail = await waitForMail(mailDir!, id.email, (m) => m.subject.includes("Activate"));
      const link = new URL(firstLink(mail));
      expect(link.origin).toBe(origin);
      expect(link.pathname).toBe("/activate");
      await page.goto(link.href);
      await expect(page.getByText(`The account ${id.userCode} is active.`)).toBeVisible();
      await check("03-activated");
    });

    await test.step("log in", async () => {
      await page.getByRole("link", { name: "Log in" }).last().click();
      await logIn(page, id.userCode, id.password);
      await expect(page).toHaveURL(`${origin}/dashboard`);
      await expect(page.getByRole("heading", { name: `Hello, ${id.userCode}` })).toBeVisible();
    });
    await context.close();
  });
}
