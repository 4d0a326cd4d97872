// The portal's commerce pages over HTTP with a signed-in session: a plan bought through the sandbox
// checkout comes back to /plans/activate, which activates it (once, however often it is opened) and
// says so, or says why not; the buyer's Purchases list it; it is nobody's sale (the platform sells
// plans); /plans, /sales and /purchases render for the signed-in user and send anybody else to the
// login; the tRPC procedures behind them refuse a caller without a session.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { Api } from "../support/api";
import { checkout, payThroughSandbox } from "../support/checkout";
import { portalSignIn } from "../support/portal-session";
import { sharedKinora } from "../support/server";
import { newUser, type TestUser } from "./users-fixtures";

let api: Api;
let buyer: TestUser;
let cookie: string;

before(async () => {
  api = new Api((await sharedKinora()).url);
  buyer = await newUser(api);
  cookie = (await portalSignIn(api.url, buyer.userCode, buyer.password)).cookie;
});

/** A tRPC query as the portal's client sends it (superjson), with or without the session; the status and the data. */
async function trpcQuery(path: string, input?: unknown, signedIn = true): Promise<{ status: number; data: any }> {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const res = await fetch(`${api.url}/api/trpc/${path}${query}`, { headers: signedIn ? { Cookie: cookie } : {} });
  const body = await res.json();
  return { status: res.status, data: body.result?.data.json ?? body.error?.json };
}

/** A portal page's HTML as the signed-in buyer (or signed out) gets it. */
async function page(path: string, signedIn = true): Promise<{ status: number; html: string; location: string | null }> {
  const res = await fetch(api.url + path, { headers: signedIn ? { Cookie: cookie } : {}, redirect: "manual" });
  return { status: res.status, html: await res.text(), location: res.headers.get("location") };
}

/** Opens the payment of `periods` periods of a plan with the portal's return addresses; its trackingId and url. */
async function subscribe(plan: string, periods = 1): Promise<{ trackingId: string; url: string }> {
  const res = await api.post(
    `/api/license/${plan}/subscribe`,
    {
      advanceMonthlyPayments: periods,
      returnUrl: `${api.url}/plans/activate?plan=${plan}`,
      cancelUrl: `${api.url}/plans?cancelled=1`,
      embedded: false,
      mobile: false,
    },
    { token: buyer.access },
  );
  assert.equal(res.status, 200, res.text);
  return res.body;
}

/** The testids of the plan cards of /plans, and which one is marked current. */
function planCards(html: string): { names: string[]; current: string[] } {
  const cards = [...html.matchAll(/<article[^>]*data-testid="plan-(\w+)"[^>]*>/g)];
  return { names: cards.map((m) => m[1]!), current: cards.filter((m) => m[0].includes('aria-current="true"')).map((m) => m[1]!) };
}

describe("portal commerce pages", () => {
  test("signed out: the pages send to the login (coming back after it), the procedures answer 401", async () => {
    for (const path of ["/plans", "/sales", "/purchases", "/library", "/plans/activate?plan=Basic&trackingId=abc"]) {
      const res = await page(path, false);
      assert.equal(res.status, 307, path);
      const login = new URL(res.location!, api.url);
      assert.equal(login.pathname, "/login", path);
      assert.match(login.searchParams.get("callbackUrl") ?? "", new RegExp(`^${path.split("?")[0]}`), path);
    }
    for (const [proc, input] of [
      ["payments.sales", { pageIndex: 0, pageSize: 10 }],
      ["payments.salesSummary", undefined],
      ["payments.purchases", { pageIndex: 0, pageSize: 10 }],
    ] as const) {
      const res = await trpcQuery(proc, input, false);
      assert.equal(res.status, 401, proc);
    }
  });

  test("/plans: the five plans side by side with their quotas, Free marked current for a new user", async () => {
    const { status, html } = await page("/plans");
    assert.equal(status, 200);
    assert.deepEqual(planCards(html), { names: ["Free", "Entry", "Basic", "Professional", "Business"], current: ["Free"] });
    assert.match(html, /data-testid="current-plan">Free</);
    for (const text of ["€20.00", "€180.00", "8 GB", "2 GB", "1,600", "10,000", "Dedicated", "Renewing your plan"])
      assert.ok(html.includes(text), text);
    // a buy button for each paid plan, none for Free (which a new user is on: no downgrade either)
    for (const plan of ["Entry", "Basic", "Professional", "Business"]) assert.ok(html.includes(`Buy ${plan}`), plan);
    // what the page shows, not the translations its scripts carry
    const shown = html.replace(/<script[\s\S]*?<\/script>/g, "");
    assert.ok(!shown.includes("Buy Free") && !shown.includes("Downgrade to Free"));
  });

  test("a plan bought through checkout: activated on return, once; a purchase of the buyer, nobody's sale", async () => {
    const { trackingId, url } = await subscribe("Basic");
    const back = await payThroughSandbox(url, trackingId);
    const returned = new URL(back);
    assert.equal(returned.pathname, "/plans/activate");
    assert.deepEqual(Object.fromEntries(returned.searchParams), { plan: "Basic", trackingId });

    for (let i = 0; i < 2; i++) {
      // coming back twice (a reload) answers the same and grants nothing more
      const activation = await page(returned.pathname + returned.search);
      assert.equal(activation.status, 200);
      assert.match(activation.html, /data-testid="activated-plan">Basic</);
      assert.match(activation.html, /30 days left/);
    }
    const overview = await api.get("/api/user/me/overview", { token: buyer.access });
    assert.deepEqual([overview.body.licenseName, overview.body.daysToExpiration, overview.body.availableRenews], ["Basic", 30, 0]);
    assert.equal(planCards((await page("/plans")).html).current[0], "Basic");
    assert.match((await page("/plans")).html.replace(/<script[\s\S]*?<\/script>/g, ""), />Downgrade to Free</);

    const purchases = await trpcQuery("payments.purchases", { pageIndex: 0, pageSize: 10 });
    assert.equal(purchases.status, 200);
    assert.equal(purchases.data.totalCount, 1);
    const [bought] = purchases.data.items;
    assert.deepEqual(
      {
        trackingId: bought.trackingId,
        kind: bought.kind,
        amountCents: bought.amountCents,
        currency: bought.currency,
        status: bought.status,
      },
      { trackingId, kind: "LICENSE", amountCents: 2000, currency: "EUR", status: "PAID" },
    );
    assert.match(bought.title, /^Basic plan/);
    const purchasesPage = await page("/library");
    assert.equal(purchasesPage.status, 200);
    assert.match(purchasesPage.html, /data-testid="purchase-row"/);
    assert.ok(purchasesPage.html.includes("€20.00") && purchasesPage.html.includes('href="/plans"'));

    // the platform sold it: it is no creator's sale, not even the buyer's
    const sales = await trpcQuery("payments.sales", { pageIndex: 0, pageSize: 10 });
    assert.deepEqual([sales.status, sales.data.totalCount, sales.data.items], [200, 0, []]);
    const summary = await trpcQuery("payments.salesSummary");
    assert.equal(summary.status, 200);
    assert.deepEqual(summary.data.totals, []);
    assert.equal(summary.data.daily.length, 30);
    const salesPage = await page("/sales");
    assert.equal(salesPage.status, 200);
    assert.match(salesPage.html, /data-testid="sales-empty"/);
    assert.equal(salesPage.html.match(/<rect /g)?.length, 30, "one bar per day in the chart");
  });

  test("activation refused: a cancelled payment, another plan's payment, an unknown or missing reference, each says why", async () => {
    const { trackingId, url } = await subscribe("Entry", 2);
    const cancelled = await checkout(url, "cancelled");
    assert.equal(cancelled.status, 303);
    const to = new URL(cancelled.location!);
    assert.equal(to.pathname + to.searchParams.get("cancelled"), "/plans1");
    assert.match((await page(to.pathname + to.search)).html, /The payment was cancelled: nothing was charged\. Your plan is unchanged/);
    // a failed payment is named so, not "cancelled"
    const failing = await subscribe("Entry");
    const failed = new URL((await checkout(failing.url, "failed")).location!);
    assert.match(
      (await page(failed.pathname + failed.search)).html,
      /The payment failed: nothing was charged\. You can try again\. Your plan/,
    );

    const refusals: [string, RegExp][] = [
      [`plan=Entry&trackingId=${trackingId}`, /Payment reference: names a payment that is not paid \(CANCELLED\)/],
      [`plan=Basic&trackingId=${trackingId}`, /Payment reference: belongs to the payment of another item/],
      [`plan=Basic&trackingId=${"0".repeat(32)}`, /Payment reference: names no payment/],
      [`plan=NoSuchPlan&trackingId=${trackingId}`, /<p>License not found<\/p>/],
      ["plan=Basic", /The link is incomplete/],
    ];
    for (const [query, reason] of refusals) {
      const res = await page(`/plans/activate?${query}`);
      assert.equal(res.status, 200, query);
      assert.match(res.html, /The plan could not be activated/, query);
      assert.match(res.html, reason, query);
    }
  });
});
