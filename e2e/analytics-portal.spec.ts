// The portal's Analytics page (issue 28 item 3): a fresh creator opens it from the studio's
// navigation and sees the empty state (nothing watched yet) with the last 28 UTC days; a preset
// puts its range in the address (?from=&to=), which a reload keeps; the CSV export downloads the
// range's days with their header line. The page passes checkPage (its charts drawn under the CSP).
import { readFile } from "node:fs/promises";
import { Api } from "../test/support/api";
import { logIn } from "./helpers/account";
import { checkPage, expect, test } from "./helpers/page-health";

const baseUrl = process.env.KINORA_TEST_URL ?? "http://127.0.0.1:3000";
const DAY_MS = 86_400_000;

/** The last `days` UTC days up to today, as the page's presets count them. */
function lastDays(days: number): { from: string; to: string } {
  const now = Date.now();
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(now - (days - 1) * DAY_MS), to: day(now) };
}

test("a new creator's analytics: empty state, a preset range in the address, the CSV", async ({ page }) => {
  const user = await new Api(baseUrl).newUser();
  await logIn(page, user.userCode, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Analytics" }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Analytics");
  await expect(page.getByTestId("analytics-empty")).toHaveText("No views in this range yet.");
  await expect(page.getByTestId("top-contents-empty")).toBeVisible();
  await expect(page.getByTestId("total-views")).toContainText("0");
  await expect(page.getByText("Days are UTC days")).toBeVisible();
  // without a range in the address: the last 28 days
  const month = lastDays(28);
  await expect(page.getByRole("textbox", { name: "From", exact: true })).toHaveValue(month.from);
  await expect(page.getByRole("textbox", { name: "To", exact: true })).toHaveValue(month.to);
  await expect(page.getByTestId("range-preset-28")).toHaveAttribute("aria-pressed", "true");
  await checkPage(page, "analytics-empty");

  const week = lastDays(7);
  await page.getByRole("button", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(new RegExp(`/analytics\\?from=${week.from}&to=${week.to}$`));
  await expect(page.getByTestId("range-preset-7")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("textbox", { name: "From", exact: true })).toHaveValue(week.from);
  await page.reload();
  await expect(page.getByRole("textbox", { name: "From", exact: true })).toHaveValue(week.from);
  await expect(page.getByTestId("range-preset-7")).toHaveAttribute("aria-pressed", "true");

  const downloading = page.waitForEvent("download");
  await page.getByTestId("analytics-export").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`analytics-${week.from}-${week.to}.csv`);
  const lines = (await readFile((await download.path())!, "utf8")).trim().split("\r\n");
  expect(lines[0]).toBe("date,views,uniqueViewers,watchTimeSeconds,revenue,currency");
  expect(lines).toHaveLength(8);
  expect(lines[1]).toMatch(new RegExp(`^${week.from},0,0,0,0\\.00,[A-Z]{3}$`));
});
