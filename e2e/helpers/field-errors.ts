// How the portal's forms say a field error: once, right under the input, the message alone (the
// field's label above says which field); the notice above the form only links to the fields.
import { expect, type Locator, type Page } from "@playwright/test";

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The input is marked invalid, and `message` is said directly under it, describing it (before its hint). */
export async function expectErrorUnder(page: Page, input: Locator, message: string): Promise<void> {
  await expect(input).toHaveAttribute("aria-invalid", "true");
  const error = page.locator(`[id="${await input.getAttribute("id")}-error"]`);
  await expect(error).toHaveText(message);
  await expect(input).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(message)}`));
  const inputBox = (await input.boundingBox())!;
  const errorBox = (await error.boundingBox())!;
  // below the input, not beside it, and nothing between them
  expect(errorBox.y).toBeGreaterThanOrEqual(inputBox.y + inputBox.height - 1);
  expect(errorBox.y).toBeLessThan(inputBox.y + inputBox.height + 16);
  expect(errorBox.x).toBeLessThanOrEqual(inputBox.x + 1);
}

/**
 * The notice above a form with field errors: one line saying how many fields to check, then a link
 * to each invalid field named by its label alone, in the form's order. It repeats no message.
 */
export async function expectFieldsNotice(notice: Locator, labels: string[]): Promise<void> {
  const line = labels.length === 1 ? "Check the field marked below:" : `Check the ${labels.length} fields marked below:`;
  await expect(notice.locator("p")).toHaveText([line]);
  await expect(notice.getByRole("link")).toHaveText(labels);
  await expect(notice).toHaveText(line + labels.join(""));
}
