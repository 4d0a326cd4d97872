// The Sales and Purchases queries of the portal (domain/payments/list-sales, sales-summary,
// list-purchases) on a real database (PGlite in a directory of its own, or the suite's PostgreSQL).
// Sales are made as every selling context makes them, through the payments core: beginPayment,
// then the provider's settlement (settlePayment), refunds with refundPayment. Creators' sales exist
// over HTTP only once something of theirs is sold (vod), so the queries are checked here.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { before, describe, test } from "node:test";
import { insertUser, integrationDbAccess, useIntegrationDatabase } from "../support/integration-db";

// the sandbox takes the payments (on PostgreSQL only when asked for); the fee is the default 10 %
process.env.PAYMENT_PROVIDER = "sandbox";
delete process.env.PLATFORM_FEE_PERCENT;
delete process.env.CURRENCY;
useIntegrationDatabase("kinora-sales-");

const DAY_MS = 86_400_000;
type Db = import("../../src/server/db/client").Db;
type Ctx = import("../../src/server/core/context").Ctx;
type PaymentKind = import("../../src/generated/prisma/enums").PaymentKind;
let db: Db;
let sql: import("../../src/server/db/sql-runner").SqlPort;
let core: typeof import("../../src/server/payments/begin-payment");
let settle: typeof import("../../src/server/payments/settle-payment");
let sales: typeof import("../../src/server/domain/payments/list-sales");
let summary: typeof import("../../src/server/domain/payments/sales-summary");
let purchases: typeof import("../../src/server/domain/payments/list-purchases");

before(async () => {
  ({ db, sql } = await integrationDbAccess());
  core = await import("../../src/server/payments/begin-payment");
  settle = await import("../../src/server/payments/settle-payment");
  sales = await import("../../src/server/domain/payments/list-sales");
  summary = await import("../../src/server/domain/payments/sales-summary");
  purchases = await import("../../src/server/domain/payments/list-purchases");
});

const asUser = (userId: string): Ctx => ({
  db,
  sql,
  actor: { kind: "user", userId, clientId: "portal" },
  baseUrl: "http://localhost:3000",
});
/** A viewer with a public token: the payment has no buyer. */
const asPublicClient = (): Ctx => ({ db, sql, actor: { kind: "client", clientId: "www" }, baseUrl: "http://localhost:3000" });
const firstPage = { pageIndex: 0, pageSize: 10 };
const userCodeOf = async (id: string) => (await db.user.findUniqueOrThrow({ where: { id }, select: { userCode: true } })).userCode;
const midnight = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/** Opens a payment of `amountCents` by `buyer` for an item of `sellerId` and settles it with `outcome`; returns its trackingId. */
async function sell(
  buyer: Ctx,
  sellerId: string | null,
  title: string,
  amountCents: number,
  outcome: "PAID" | "CANCELLED" | "FAILED" | "PENDING" = "PAID",
  kind: PaymentKind = "VOD",
): Promise<string> {
  const { trackingId } = await core.beginPayment(
    buyer,
    { kind, itemId: randomUUID(), title, sellerId, amountCents },
    { advanceMonthlyPayments: 1, embedded: false, mobile: false },
  );
  if (outcome !== "PENDING") await settle.settlePayment(db, trackingId, outcome);
  // the next one is later by a few milliseconds at least, so "newest first" has one answer
  await new Promise((r) => setTimeout(r, 5));
  return trackingId;
}

describe("sales of a creator", () => {
  let seller: string;
  let other: string;
  let buyer: string;
  let buyerCode: string;
  let refunded: string;

  before(async () => {
    [seller, other, buyer] = await Promise.all([insertUser(db), insertUser(db), insertUser(db)]);
    buyerCode = await userCodeOf(buyer);
    // the seller's: one by a signed-in buyer, one by a public-token viewer; attempts never paid
    refunded = await sell(asUser(buyer), seller, "Sunrise timelapse", 250);
    await sell(asPublicClient(), seller, "Night sky", 999);
    await sell(asUser(buyer), seller, "Cancelled one", 700, "CANCELLED");
    await sell(asUser(buyer), seller, "Failed one", 700, "FAILED");
    await sell(asUser(buyer), seller, "Pending one", 700, "PENDING");
    // another creator's sale, and the platform's own (a license plan: no seller)
    await sell(asUser(buyer), other, "Someone else's film", 500);
    await sell(asUser(buyer), null, "Basic plan, 1 period of 30 days", 2000, "PAID", "LICENSE");
  });

  test("only the caller's paid sales, newest first, with buyer (or anonymous), gross, fee (10 %) and net", async () => {
    const page = await sales.listSales(asUser(seller), firstPage);
    assert.equal(page.totalCount, 2);
    assert.equal(page.pageCount, 1);
    assert.deepEqual(
      page.items.map((s) => ({
        type: s.type,
        kind: s.kind,
        title: s.title,
        buyer: s.buyer,
        grossCents: s.grossCents,
        feeCents: s.feeCents,
        netCents: s.netCents,
        currency: s.currency,
      })),
      [
        { type: "SALE", kind: "VOD", title: "Night sky", buyer: undefined, grossCents: 999, feeCents: 100, netCents: 899, currency: "EUR" },
        {
          type: "SALE",
          kind: "VOD",
          title: "Sunrise timelapse",
          buyer: buyerCode,
          grossCents: 250,
          feeCents: 25,
          netCents: 225,
          currency: "EUR",
        },
      ],
    );
    assert.ok(page.items[0]!.date >= page.items[1]!.date);
    assert.ok(page.items.every((s) => s.date instanceof Date && Date.now() - s.date.getTime() < 600_000));
    // another creator sees their own sale only; a buyer (whose plan is the platform's sale) has none
    const others = await sales.listSales(asUser(other), firstPage);
    assert.deepEqual(
      others.items.map((s) => [s.title, s.buyer, s.grossCents, s.feeCents, s.netCents]),
      [["Someone else's film", buyerCode, 500, 50, 450]],
    );
    assert.equal((await sales.listSales(asUser(buyer), firstPage)).totalCount, 0);
  });

  test("paging: pageSize and pageIndex over the same order", async () => {
    const all = await sales.listSales(asUser(seller), firstPage);
    const second = await sales.listSales(asUser(seller), { pageIndex: 1, pageSize: 1 });
    assert.deepEqual([second.totalCount, second.pageCount, second.pageIndex, second.pageSize], [2, 2, 1, 1]);
    assert.deepEqual(
      second.items.map((s) => s.entryId),
      [all.items[1]!.entryId],
    );
    assert.deepEqual((await sales.listSales(asUser(seller), { pageIndex: 5, pageSize: 10 })).items, []);
  });

  test("totals: all the caller's sales, fee 10 % of gross, net the rest; none for a creator who sold nothing", async () => {
    const s = await summary.salesSummary(asUser(seller));
    assert.equal(s.currency, "EUR");
    assert.deepEqual(s.totals, [{ currency: "EUR", sales: 2, refunds: 0, grossCents: 1249, feeCents: 125, netCents: 1124 }]);
    assert.deepEqual((await summary.salesSummary(asUser(other))).totals, [
      { currency: "EUR", sales: 1, refunds: 0, grossCents: 500, feeCents: 50, netCents: 450 },
    ]);
    const none = await summary.salesSummary(asUser(buyer));
    assert.deepEqual(none.totals, []);
    assert.equal(none.daily.length, 30);
    assert.ok(none.daily.every((d) => d.sales === 0 && d.grossCents === 0 && d.netCents === 0));
  });

  test("the 30-day series: one entry per UTC day, oldest first, days without sales at zero, the window ending today", async () => {
    const { items } = await sales.listSales(asUser(seller), firstPage);
    const saleDay = midnight(items[0]!.date);
    assert.equal(midnight(items[1]!.date).getTime(), saleDay.getTime(), "both sales were made now");

    const check = async (now: Date, expectedIndex: number | undefined) => {
      const { daily } = await summary.salesSummary(asUser(seller), now);
      assert.equal(daily.length, summary.SALES_SERIES_DAYS);
      assert.equal(daily.at(-1)!.day.getTime(), midnight(now).getTime(), "the last day is the day of `now`");
      daily.forEach((d, i) => {
        if (i > 0) assert.equal(d.day.getTime() - daily[i - 1]!.day.getTime(), DAY_MS);
        const expected = i === expectedIndex ? { sales: 2, grossCents: 1249, netCents: 1124 } : { sales: 0, grossCents: 0, netCents: 0 };
        assert.deepEqual({ sales: d.sales, grossCents: d.grossCents, netCents: d.netCents }, expected, `day ${i}`);
      });
    };
    await check(new Date(saleDay.getTime() + 13 * 3600_000), 29); // today
    await check(new Date(saleDay.getTime() + 3 * DAY_MS + 60_000), 26); // three days later
    await check(new Date(saleDay.getTime() + 29 * DAY_MS + 23 * 3600_000), 0); // the last day it is in the window
    await check(new Date(saleDay.getTime() + 30 * DAY_MS), undefined); // out of it
    await check(new Date(saleDay.getTime() - DAY_MS), undefined); // before it was made
  });

  test("a refund: a REFUND entry with the sale's amounts negative, first in the list; totals and the day net of it", async () => {
    await settle.refundPayment(db, refunded);
    const page = await sales.listSales(asUser(seller), firstPage);
    assert.equal(page.totalCount, 3);
    const refund = page.items[0]!;
    assert.deepEqual(
      { type: refund.type, title: refund.title, buyer: refund.buyer, gross: refund.grossCents, fee: refund.feeCents, net: refund.netCents },
      { type: "REFUND", title: "Sunrise timelapse", buyer: buyerCode, gross: -250, fee: -25, net: -225 },
    );
    const s = await summary.salesSummary(asUser(seller));
    assert.deepEqual(s.totals, [{ currency: "EUR", sales: 2, refunds: 1, grossCents: 999, feeCents: 100, netCents: 899 }]);
    assert.deepEqual(
      { sales: s.daily.at(-1)!.sales, net: s.daily.at(-1)!.netCents },
      { sales: 2, net: 899 },
      "the refund counts on its own day, not as a sale",
    );
  });

  test("purchases: every payment the caller opened, newest first, each in its state (paid, refunded, cancelled, failed, pending)", async () => {
    const page = await purchases.listPurchases(asUser(buyer), firstPage);
    assert.deepEqual(
      page.items.map((p) => [p.title, p.kind, p.amountCents, p.currency, p.status]),
      [
        ["Basic plan, 1 period of 30 days", "LICENSE", 2000, "EUR", "PAID"],
        ["Someone else's film", "VOD", 500, "EUR", "PAID"],
        ["Pending one", "VOD", 700, "EUR", "PENDING"],
        ["Failed one", "VOD", 700, "EUR", "FAILED"],
        ["Cancelled one", "VOD", 700, "EUR", "CANCELLED"],
        ["Sunrise timelapse", "VOD", 250, "EUR", "REFUNDED"],
      ],
    );
    assert.equal(page.totalCount, 6);
    assert.ok(page.items.every((p) => /^[0-9a-f]{32}$/.test(p.trackingId) && p.createdAt instanceof Date));
    // paid ones carry when they were paid; the others were never paid
    assert.deepEqual(
      page.items.map((p) => p.paidAt instanceof Date),
      [true, true, false, false, false, true],
    );
    assert.ok(page.items.every((p, i) => i === 0 || page.items[i - 1]!.createdAt >= p.createdAt));
    const second = await purchases.listPurchases(asUser(buyer), { pageIndex: 2, pageSize: 2 });
    assert.deepEqual(
      [second.totalCount, second.pageCount, second.items.map((p) => p.title)],
      [6, 3, ["Cancelled one", "Sunrise timelapse"]],
    );
    // the seller bought nothing; the public-token viewer's purchase is nobody's
    assert.equal((await purchases.listPurchases(asUser(seller), firstPage)).totalCount, 0);
  });

  test("every query refuses a caller who is not signed in", async () => {
    const anonymous: Ctx = { db, sql, actor: { kind: "anonymous" } };
    for (const call of [
      () => sales.listSales(anonymous, firstPage),
      () => summary.salesSummary(anonymous),
      () => purchases.listPurchases(asPublicClient(), firstPage),
    ])
      await assert.rejects(call, (err: { code?: string }) => err.code === "UNAUTHORIZED");
  });
});
