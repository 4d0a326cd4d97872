// The API reference (issue 27 item 6): Redoc, served by Kinora itself, renders the OpenAPI document
// the API serves, with examples, under the page's CSP, and the browser asks nothing of another site.
import { expect, test } from "./helpers/page-health";

const baseUrl = process.env.KINORA_TEST_URL ?? "http://127.0.0.1:3000";

test("the API reference renders from the document with examples, and loads nothing from elsewhere", async ({ page }) => {
  const origin = new URL(baseUrl).origin;
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith("data:") && !url.startsWith("blob:")) elsewhere.push(url);
  });
  await page.goto("/docs/api");
  const viewer = page.getByTestId("redoc");
  // the operation's summary, its path and its request example, as Redoc shows them
  await expect(viewer.getByRole("heading", { name: "Register a user" })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator("#reference-outline")).toHaveCount(0);
  const register = viewer.locator("[data-section-id='tag/Users/operation/postPublicUserRegister']");
  await expect(register).toContainText("/api/public/user/register");
  await expect(register).toContainText('"mrossi"');
  // the credentials an operation takes: a token, or an API key (the document names the scope)
  await expect(viewer.locator("[data-section-id='tag/Box/operation/postSearchBoxContents']")).toContainText("apiKey");
  expect(elsewhere, "requests to other sites").toEqual([]);
});
