// A guest's purchase that follows them (issue 21, item 4), over real HTTP: the site's checkout asks a
// guest (nobody signed in) for an e-mail, validated and required to pay (a REST client's buyers pay
// exactly as before, without one); the receipt goes there, in the checkout's language, with a link
// that restores the purchase in any browser (its token in the fragment, refused once changed); the
// page the buyer returns to can tell a failed payment from a cancelled one (payments.state); the
// signed-in viewer's Library lists the purchase with its window and names every payment's state.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { Api } from "../support/api";
import { checkout } from "../support/checkout";
import { waitForMail } from "../support/mailbox";
import { portalSignIn } from "../support/portal-session";
import { address, connect, newUser, type TestUser } from "./users-fixtures";
import { publish, readyItem, uniqueWord } from "./vod-fixtures";

let api: Api;
let mailDir: string;
let creator: TestUser;
let vod: { vodId: string; title: string };
let publicToken: string;

before(async () => {
  ({ api, mailDir } = await connect());
  creator = await newUser(api);
  publicToken = await api.publicToken();
  const item = await readyItem(api, creator.access, { title: `Guest film ${uniqueWord()}` });
  vod = await publish(api, creator.access, item.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: "2,50" });
});

/** A tRPC call as the portal's client makes it (superjson), with the session cookie when given. */
async function trpc(path: string, input: unknown, o: { cookie?: string; mutation?: boolean; lang?: string } = {}) {
  const headers: Record<string, string> = { "X-Forwarded-For": address(), ...(o.cookie ? { Cookie: o.cookie } : {}) };
  if (o.lang) headers["Accept-Language"] = o.lang;
  const res = o.mutation
    ? await fetch(`${api.url}/api/trpc/${path}`, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json" },
        body: JSON.stringify({ json: input }),
      })
    : await fetch(`${api.url}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, { headers });
  const body = await res.json();
  return { status: res.status, data: body.result?.data.json ?? body.error?.json };
}

/** The watch page's Buy, as the player sends it (signed out unless `cookie`): the payment's trackingId and checkout url. */
async function buy(cookie?: string): Promise<{ trackingId: string; url: string }> {
  const page = `${api.url}/v/${vod.vodId}`;
  const res = await trpc(
    "vod.pay",
    {
      vodId: vod.vodId,
      returnUrl: page,
      cancelUrl: `${page}?payment=cancelled`,
      advanceMonthlyPayments: 1,
      embedded: false,
      mobile: false,
    },
    { cookie, mutation: true },
  );
  assert.equal(res.status, 200, JSON.stringify(res.data));
  return res.data;
}

/** Posts the sandbox checkout's form; the status and where it leads. */
async function postCheckout(url: string, form: Record<string, string>, o: { html?: boolean; lang?: string } = {}) {
  const res = await fetch(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(o.html ? { Accept: "text/html" } : {}),
      ...(o.lang ? { "Accept-Language": o.lang } : {}),
    },
    body: new URLSearchParams(form).toString(),
    redirect: "manual",
  });
  const text = await res.text();
  return { status: res.status, location: res.headers.get("location"), body: text ? JSON.parse(text) : undefined };
}

const stateOf = async (trackingId: string) => (await trpc("payments.state", { trackingId })).data.status;

/** The restore link in a receipt's text: /restore#<token>. */
function restoreLinkOf(text: string): URL {
  const link = /(http\S+\/restore#\S+)/.exec(text)?.[1];
  assert.ok(link, `a restore link in:\n${text}`);
  return new URL(link);
}

describe("a guest's checkout", () => {
  test("asks for an e-mail: required and validated to pay (400 on email, still pending); the page's form comes back marked", async () => {
    const { trackingId, url } = await buy();
    const page = await (await fetch(url)).text();
    const input = /<input[^>]*\bname="email"[^>]*>/.exec(page)?.[0] ?? "";
    assert.ok(input.includes('type="email"') && input.includes('required=""'), `a required e-mail input: ${input}`);

    for (const [form, message] of [
      [{ outcome: "paid" }, "is required"],
      [{ outcome: "paid", email: "   " }, "is required"],
      [{ outcome: "paid", email: "not-an-address" }, "must be a valid email address"],
    ] as const) {
      const res = await postCheckout(url, form);
      assert.equal(res.status, 400, JSON.stringify(form));
      assert.deepEqual(res.body.errors, [{ field: "email", defaultMessage: message }]);
    }
    const italian = await postCheckout(url, { outcome: "paid" }, { lang: "it" });
    assert.deepEqual(italian.body.errors, [{ field: "email", defaultMessage: "è obbligatorio" }]);
    // a browser posting the page's form goes back to it, the field marked
    const browser = await postCheckout(url, { outcome: "paid", email: "nope" }, { html: true });
    assert.deepEqual([browser.status, browser.location], [303, `/checkout/${trackingId}?invalid=email`]);
    assert.match(await (await fetch(`${url}?invalid=email`)).text(), /field--invalid/);
    assert.equal(await stateOf(trackingId), "PENDING");
  });

  test("a REST client's buyer (public token) pays as before, without an e-mail", async () => {
    const started = await api.post(
      `/api/public/vod/${vod.vodId}/pay`,
      { embedded: false, mobile: false, returnUrl: `${api.url}/back`, cancelUrl: `${api.url}/cancel` },
      { token: publicToken },
    );
    assert.equal(started.status, 200, started.text);
    const res = await checkout(started.body.url, "paid");
    assert.deepEqual([res.status, res.location], [303, `${api.url}/back?trackingId=${started.body.trackingId}`]);
  });
});

describe("the guest's receipt and its restore link", () => {
  test("the receipt goes to the e-mail in the checkout's language; its link restores the purchase in any browser, and plays", async () => {
    const { trackingId, url } = await buy();
    const email = `${uniqueWord("g")}@example.test`;
    const paid = await postCheckout(url, { outcome: "paid", email }, { lang: "it" });
    assert.deepEqual([paid.status, paid.location], [303, `${api.url}/v/${vod.vodId}?trackingId=${trackingId}`]);

    const receipt = await waitForMail(mailDir, email);
    assert.equal(receipt.subject, `Ricevuta Kinora: ${vod.title}`);
    assert.match(receipt.text, /Importo: 2,50\s€/);
    assert.match(receipt.text, /Accesso fino al: \d+ \w+ \d{4}, \d{2}:\d{2} UTC/);
    const link = restoreLinkOf(receipt.text);
    assert.equal(`${link.origin}${link.pathname}`, `${api.url}/restore`);
    const token = link.hash.slice(1);
    assert.ok(!receipt.text.includes(`?token=`), "the token travels in the fragment only");

    // opened in two other browsers: each gets the purchase
    for (let device = 0; device < 2; device++) {
      const restored = await trpc("payments.restore", { token }, { mutation: true });
      assert.equal(restored.status, 200, JSON.stringify(restored.data));
      assert.deepEqual(
        { kind: restored.data.kind, itemId: restored.data.itemId, trackingId: restored.data.trackingId, title: restored.data.title },
        { kind: "VOD", itemId: vod.vodId, trackingId, title: vod.title },
      );
      const hours = (new Date(restored.data.accessUntil).getTime() - Date.now()) / 3600_000;
      assert.ok(hours > 47 && hours <= 48, `the access window: ${hours} h`);
    }
    const played = await api.post(`/api/public/vod/${vod.vodId}/play`, { trackingId }, { token: publicToken });
    assert.equal(played.body.result, "PLAY", played.text);

    // a token changed by one character names nothing
    const tampered = (token[0] === "A" ? "B" : "A") + token.slice(1);
    const refused = await trpc("payments.restore", { token: tampered }, { mutation: true });
    assert.equal(refused.status, 404);
    assert.match(refused.data.message, /This purchase link is not valid/);
    // the restore page itself holds no token: it reads the fragment in the browser
    const restorePage = await fetch(`${api.url}/restore`);
    assert.equal(restorePage.status, 200);
  });
});

describe("payment states, named", () => {
  test("failed and cancelled are each what they are, on the checkout, for the returning page and in the Library", async () => {
    const viewer = await newUser(api);
    const { cookie } = await portalSignIn(api.url, viewer.userCode, viewer.password);
    const failed = await buy(cookie);
    const back = await checkout(failed.url, "failed");
    assert.equal(back.location, `${api.url}/v/${vod.vodId}?payment=cancelled&trackingId=${failed.trackingId}`);
    assert.equal(await stateOf(failed.trackingId), "FAILED");
    assert.match(await (await fetch(failed.url)).text(), /The payment failed: nothing was charged/);

    const cancelled = await buy(cookie);
    await checkout(cancelled.url, "cancelled");
    assert.equal(await stateOf(cancelled.trackingId), "CANCELLED");
    assert.match(await (await fetch(cancelled.url)).text(), /The payment was cancelled: nothing was charged/);

    const bought = await buy(cookie);
    const page = await (await fetch(bought.url)).text();
    assert.doesNotMatch(page, /name="email"/, "a signed-in buyer's receipt goes to the account");
    assert.equal((await checkout(bought.url, "paid")).status, 303);
    const receipt = await waitForMail(mailDir, viewer.email, (m) => m.text.includes(bought.trackingId));
    assert.match(receipt.text, /Your library: http\S+\/library/);
    assert.match(receipt.text, /Access until: \d+ \w+ \d{4}, \d{2}:\d{2} UTC/);

    const library = await fetch(`${api.url}/library`, { headers: { Cookie: cookie } });
    assert.equal(library.status, 200);
    const html = await library.text();
    assert.match(html, new RegExp(`data-testid="library-video" data-open="true"><a href="/v/${vod.vodId}">`));
    assert.match(html, /Watch until \d+ \w+ \d{4}, \d{2}:\d{2} UTC/);
    const states = [...html.matchAll(/data-testid="purchase-row" data-status="(\w+)"/g)].map((m) => m[1]);
    assert.deepEqual(states, ["PAID", "CANCELLED", "FAILED"]);
    assert.match(html, />Failed</);
    assert.match(html, />Cancelled</);

    // the former address leads here
    const old = await fetch(`${api.url}/purchases?page=2`, { headers: { Cookie: cookie }, redirect: "manual" });
    assert.equal(old.status, 307);
    assert.equal(
      new URL(old.headers.get("location")!, api.url).pathname + new URL(old.headers.get("location")!, api.url).search,
      "/library?page=2",
    );
  });
});
