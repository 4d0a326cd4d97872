// Helpers shared by the bundles-*.test.ts contract tests (not a test file itself): bundles, their
// items and subscriptions over the REST interface.
import assert from "node:assert/strict";
import type { Api, ApiResponse } from "../support/api";
import { payThroughSandbox } from "../support/checkout";
import type { TestUser } from "./users-fixtures";
import { readyItem, uniqueWord } from "./vod-fixtures";

export const bundleBody = (over: Record<string, unknown> = {}) => ({
  name: `Bundle ${uniqueWord()}`,
  price: "4,90",
  duration: 1,
  durationUnit: "MONTHS",
  ...over,
});

/** POST /api/contentbundle, expecting 201. */
export async function createBundle(api: Api, u: TestUser, over: Record<string, unknown> = {}): Promise<any> {
  const res = await api.post("/api/contentbundle", bundleBody(over), { token: u.access });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

/** `count` READY contents of the user's box, processed in parallel. */
export function readyItems(api: Api, u: TestUser, count: number, prefix = "Item"): Promise<any[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => readyItem(api, u.access, { title: `${prefix} ${i} ${uniqueWord()}` })));
}

export const insert = (api: Api, u: TestUser, bundleId: string, boxIds: string[], index: number) =>
  api.post(`/api/contentbundle/${bundleId}/items/insert`, { sourceItems: boxIds.map((boxId) => ({ boxId })), index }, { token: u.access });
export const move = (api: Api, u: TestUser, bundleId: string, fromIndex: number, toIndex: number) =>
  api.post(`/api/contentbundle/${bundleId}/items/move`, { fromIndex, toIndex }, { token: u.access });
export const remove = (api: Api, u: TestUser, bundleId: string, index: number, count: number) =>
  api.post(`/api/contentbundle/${bundleId}/items/remove`, { index, count }, { token: u.access });
export const items = (api: Api, u: TestUser, bundleId: string) => api.get(`/api/contentbundle/${bundleId}/items`, { token: u.access });

/** The titles of an {items, bundle} answer, in order, checking that itemCount is their number. */
export function titlesOf(res: ApiResponse): string[] {
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.bundle.itemCount, res.body.items.length, "itemCount is the number of items");
  return res.body.items.map((i: { title: string }) => i.title);
}

/** A payment request whose return URLs are on the server's own origin (they may lead nowhere else). */
export const paymentRequest = (api: Api) => ({
  embedded: false,
  mobile: false,
  returnUrl: `${api.url}/back`,
  cancelUrl: `${api.url}/no`,
});

export const subscribe = (api: Api, u: TestUser, bundleId: string, body: Record<string, unknown> = paymentRequest(api)) =>
  api.post(`/api/contentbundle/${bundleId}/subscribe`, body, { token: u.access });
export const activate = (api: Api, u: TestUser, bundleId: string, trackingId: unknown) =>
  api.post(`/api/contentbundle/${bundleId}/activate`, { trackingId }, { token: u.access });

/** Subscribes and pays through the sandbox checkout; returns the trackingId (not activated yet). */
export async function paidSubscription(api: Api, u: TestUser, bundleId: string, periods = 1): Promise<string> {
  const res = await subscribe(api, u, bundleId, { ...paymentRequest(api), advanceMonthlyPayments: periods });
  assert.equal(res.status, 200, res.text);
  await payThroughSandbox(res.body.url, res.body.trackingId);
  return res.body.trackingId;
}

export const subscriptions = (api: Api, u: TestUser, body: Record<string, unknown> = {}) =>
  api.post("/api/search/contentbundle/subscriptions", body, { token: u.access });

/** dd/MM/yyyy of a UTC day `days` from now. */
export const dayFromNow = (days: number, months = 0) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  if (months) {
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + months);
    d.setUTCDate(Math.min(day, new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()));
  }
  return `${String(d.getUTCDate()).padStart(2, "0")}/${String(d.getUTCMonth() + 1).padStart(2, "0")}/${d.getUTCFullYear()}`;
};
