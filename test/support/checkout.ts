// The sandbox provider's checkout contract (src/server/payments/README.md), as a buyer's browser uses
// it: GET the payment page, POST outcome=paid|cancelled|failed, follow nothing (the 303 is returned).
import assert from "node:assert/strict";

export type CheckoutOutcome = "paid" | "cancelled" | "failed";

/** Opens the checkout page of a payment initiation `url` and posts an outcome; returns the 303's Location. */
export async function checkout(url: string, outcome: CheckoutOutcome): Promise<{ status: number; location: string | null; page: string }> {
  const page = await fetch(url);
  const html = await page.text();
  assert.equal(page.status, 200, `checkout page ${url}: ${page.status}`);
  assert.match(page.headers.get("content-type") ?? "", /text\/html/);
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ outcome }).toString(),
    redirect: "manual",
  });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get("location"), page: html };
}

/** Pays a payment through the sandbox checkout and checks the 303 carries its trackingId. */
export async function payThroughSandbox(url: string, trackingId: string): Promise<string> {
  const { status, location } = await checkout(url, "paid");
  assert.equal(status, 303, `checkout POST: ${status}`);
  assert.ok(location, "the 303 has a Location");
  assert.equal(new URL(location).searchParams.get("trackingId") ?? trackingId, trackingId);
  return location;
}
