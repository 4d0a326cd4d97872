// The creator's Sales page as journeys read it: the all-time totals and the rows of the list.
import { expect, type Locator, type Page } from "@playwright/test";

/** Opens Sales from the studio's navigation. */
export async function openSales(page: Page): Promise<void> {
  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Sales" }).click();
  await expect(page.getByRole("heading", { name: "Sales", exact: true })).toBeVisible();
}

/** The row of a sale of `title` on the Sales page (newest first), checked for its buyer and amounts ("€2.50"). */
export async function expectSale(
  page: Page,
  sale: { title: string; buyer: string; gross: string; fee: string; net: string },
): Promise<Locator> {
  const row = page.getByTestId("sale-row").filter({ hasText: sale.title }).first();
  await expect(row.getByRole("cell")).toHaveText([/.+/, new RegExp(escape(sale.title)), sale.buyer, sale.gross, sale.fee, sale.net]);
  return row;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
