// The plans journey in Chromium against the shared test server: a creator on Free opens Plans, buys
// Basic for one period through the sandbox checkout (a test payment of €20.00), comes back to the
// activation, and the dashboard, Plans and Purchases show it; Sales stays empty (the platform sold
// the plan); a cancelled checkout changes nothing; the downgrade to Free asks first.
import { expect, test } from "./helpers/csp-guard";
import { Api } from "../test/support/api";
import { logIn, shot } from "./helpers/account";
import { openSales } from "./helpers/sales";

const baseUrl = process.env.KINORA_TEST_URL ?? "http://127.0.0.1:3000";

test("buy Basic through the sandbox checkout; dashboard, plans and purchases show it; cancel; downgrade", async ({ page }) => {
  const user = await new Api(baseUrl).newUser();
  const nav = page.getByRole("navigation", { name: "Studio" });
  const plan = (name: string) => page.getByTestId(`plan-${name}`);

  await test.step("Plans: the five plans with their quotas, Free current", async () => {
    await logIn(page, user.userCode, user.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await nav.getByRole("link", { name: "Plans" }).click();
    await expect(page.getByRole("heading", { name: "Plans", exact: true })).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(5);
    await expect(plan("Free").getByTestId("plan-current")).toHaveText("Current plan");
    await expect(plan("Free")).toHaveAttribute("aria-current", "true");
    await expect(plan("Basic")).not.toHaveAttribute("aria-current", "true");
    await expect(plan("Basic")).toContainText("€20.00");
    await expect(plan("Basic").getByRole("definition")).toHaveText(["20 GB", "80 GB", "160 hours", "2 GB", "500", "Email"]);
    await shot(page, "plans-01-free");
  });

  await test.step("buy Basic for one period: the sandbox checkout shows a test payment of €20.00", async () => {
    // the total follows the periods chosen
    await expect(plan("Basic").getByTestId("plan-total")).toHaveText("€20.00");
    await plan("Basic").getByLabel("Periods").selectOption("3");
    await expect(plan("Basic").getByTestId("plan-total")).toHaveText("€60.00");
    await plan("Basic").getByLabel("Periods").selectOption("1");
    await expect(plan("Basic").getByTestId("plan-total")).toHaveText("€20.00");
    await plan("Basic").getByRole("button", { name: "Buy Basic" }).click();
    await expect(page).toHaveURL(/\/checkout\/[0-9a-f]{32}$/);
    await expect(page.getByText("Test payment")).toBeVisible();
    await expect(page.getByTestId("checkout-price")).toHaveText("€20.00");
    await expect(page.getByTestId("checkout-item")).toContainText("Basic plan");
    await expect(page.getByTestId("checkout-seller")).toHaveText("Kinora");
    await shot(page, "plans-02-checkout");
  });

  await test.step("pay: back on Kinora, the plan is activated", async () => {
    await page.getByRole("button", { name: "Pay €20.00" }).click();
    await expect(page).toHaveURL(/\/plans\/activate\?plan=Basic&trackingId=[0-9a-f]{32}$/);
    await expect(page.getByTestId("activated-plan")).toHaveText("Basic");
    await expect(page.getByRole("status")).toContainText("30 days left");
    await shot(page, "plans-03-activated");
  });

  await test.step("the dashboard shows Basic", async () => {
    await page.getByRole("link", { name: "Go to the dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("license-name")).toHaveText("Basic");
    await expect(page.getByText("30 days left")).toBeVisible();
    await shot(page, "plans-04-dashboard");
  });

  await test.step("Plans marks Basic current, with its renewal", async () => {
    await page.getByRole("link", { name: "Renew or change your plan" }).click();
    await expect(page.getByTestId("current-plan")).toHaveText("Basic");
    await expect(plan("Basic")).toHaveAttribute("aria-current", "true");
    await expect(plan("Basic").getByTestId("plan-current")).toBeVisible();
    await expect(plan("Basic").getByTestId("plan-days-left")).toContainText("30 days left");
    await expect(plan("Free")).not.toHaveAttribute("aria-current", "true");
    await expect(plan("Basic").getByRole("button", { name: "Renew Basic" })).toBeVisible();
    await expect(plan("Free").getByRole("button", { name: "Downgrade to Free" })).toBeVisible();
    await shot(page, "plans-05-basic-current");
  });

  await test.step("Purchases lists the plan, paid, with a link to the plans", async () => {
    await page.getByTestId("user-menu").click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Library" }).click();
    const row = page.getByTestId("purchase-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Basic plan");
    await expect(row).toContainText("€20.00");
    await expect(row).toContainText("Paid");
    await expect(row.getByRole("link", { name: /^Plans/ })).toHaveAttribute("href", "/plans");
    await shot(page, "plans-06-purchases");
  });

  await test.step("Sales: the plan is the platform's sale, not the creator's; the chart has its 30 days", async () => {
    await openSales(page);
    await expect(page.getByTestId("sales-empty")).toBeVisible();
    await expect(page.getByTestId("sales-total-gross")).toHaveText("€0.00");
    await expect(page.getByRole("img", { name: "Net revenue per day, last 30 days" })).toBeVisible();
    await expect(page.getByTestId("revenue-chart").locator("rect")).toHaveCount(30);
    await shot(page, "plans-07-sales-empty");
  });

  await test.step("a cancelled checkout comes back to Plans, nothing changed", async () => {
    await nav.getByRole("link", { name: "Plans" }).click();
    await plan("Entry").getByRole("button", { name: "Buy Entry" }).click();
    await expect(page.getByText("Test payment")).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/plans\?cancelled=1&trackingId=[0-9a-f]{32}$/);
    await expect(page.getByRole("main").getByRole("status").first()).toContainText("nothing was charged");
    await expect(page.getByTestId("current-plan")).toHaveText("Basic");
    await shot(page, "plans-08-cancelled");
  });

  await test.step("downgrade to Free asks first; keeping the plan changes nothing; confirming goes back to Free", async () => {
    await plan("Free").getByRole("button", { name: "Downgrade to Free" }).click();
    await expect(plan("Free").getByRole("group")).toContainText("Your Basic plan ends at once");
    await expect(plan("Free").getByRole("button", { name: "Yes, downgrade to Free" })).toBeFocused();
    await shot(page, "plans-09-downgrade-confirm");
    await plan("Free").getByRole("button", { name: "Keep Basic" }).click();
    await expect(page.getByTestId("current-plan")).toHaveText("Basic");
    await plan("Free").getByRole("button", { name: "Downgrade to Free" }).click();
    await plan("Free").getByRole("button", { name: "Yes, downgrade to Free" }).click();
    await expect(page).toHaveURL(/\/plans\?downgraded=1$/);
    await expect(page.getByText("You are back on the Free plan.")).toBeVisible();
    await expect(plan("Free")).toHaveAttribute("aria-current", "true");
    await expect(page.getByTestId("current-plan")).toHaveText("Free");
    await shot(page, "plans-10-downgraded");
  });

  await test.step("on a phone the plans stack in one column", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const free = await plan("Free").boundingBox();
    const entry = await plan("Entry").boundingBox();
    expect(entry!.y).toBeGreaterThan(free!.y + free!.height - 1);
    await shot(page, "plans-11-phone");
  });
});
