// Limits of a public instance, on a server of its own with small budgets and production defaults
// otherwise: request budgets per client (issue 27 item 5: per address for anonymous calls, per API
// key, per user of an OAuth client, per confidential client; RateLimit-Policy and RateLimit on every
// budgeted answer, 429 with Retry-After once spent; a confidential client registering its visitors
// on its own budget, not the address's registration limit), and webhooks refusing private addresses
// (WEBHOOK_ALLOW_PRIVATE_ADDRESSES unset). The test server is the edge proxy (TRUST_PROXY): each test
// calls from addresses of its own.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Api, type ApiResponse } from "../support/api";
import { startOwnKinora, type Kinora } from "../support/server";
import { startReceiver, type Receiver } from "../support/webhook-receiver";
import { assertErrorBody, testAdmin } from "./admin-fixtures";
import { address, assertValidation, code, newUser, registration } from "./users-fixtures";

const BUDGET = 10; // API_RATE_LIMIT_PER_MINUTE and API_ANONYMOUS_RATE_LIMIT_PER_MINUTE here
const REGISTRATIONS = 3; // REGISTER_MAX_PER_WINDOW here

let server: Kinora;
let api: Api;
let hooks: Receiver;
before(async () => {
  server = await startOwnKinora({
    API_RATE_LIMIT_PER_MINUTE: String(BUDGET),
    API_ANONYMOUS_RATE_LIMIT_PER_MINUTE: String(BUDGET),
    REGISTER_MAX_PER_WINDOW: String(REGISTRATIONS),
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: undefined,
    LIVE_INGEST: "0",
  });
  api = new Api(server.url);
  hooks = await startReceiver();
});
after(async () => {
  await hooks.close();
  await server.stop();
});

/** The RateLimit-Policy and RateLimit fields of an answer: the policy's name, quota, window; remaining, reset. */
function budgetOf(res: ApiResponse): { policy: string; q: number; w: number; r: number; t: number } {
  const policy = /^"([a-z-]+)";q=(\d+);w=(\d+)$/.exec(res.headers.get("ratelimit-policy") ?? "");
  const state = /^"([a-z-]+)";r=(\d+);t=(\d+)$/.exec(res.headers.get("ratelimit") ?? "");
  assert.ok(policy && state, `RateLimit-Policy ${res.headers.get("ratelimit-policy")}, RateLimit ${res.headers.get("ratelimit")}`);
  assert.equal(state[1], policy[1], "both fields name the same policy");
  return { policy: policy[1]!, q: Number(policy[2]), w: Number(policy[3]), r: Number(state[2]), t: Number(state[3]) };
}

/**
 * Calls until refused (at most three budgets' worth: a window may end meanwhile) and checks the
 * budget's count down to the refusal: remaining ..., 1, 0 in the last window, then a 429 with
 * Retry-After (the window's end) and the error body. Returns the refusal.
 */
async function spendUntilRefused(call: () => Promise<ApiResponse>, policy: string, path: string): Promise<ApiResponse> {
  const answers: ApiResponse[] = [];
  for (let i = 0; i < 3 * BUDGET && answers.at(-1)?.status !== 429; i++) answers.push(await call());
  const refused = answers.at(-1)!;
  assertErrorBody(refused, 429, path);
  assert.equal(refused.body.error, "Too Many Requests");
  assert.match(refused.body.message, new RegExp(`^Too many requests: ${BUDGET} a minute are allowed; retry in \\d+ seconds$`));
  const last = budgetOf(refused);
  assert.deepEqual([last.policy, last.q, last.w, last.r], [policy, BUDGET, 60, 0]);
  assert.equal(Number(refused.headers.get("retry-after")), last.t);
  assert.ok(last.t >= 1 && last.t <= 60, `t=${last.t}`);
  const served = answers.slice(0, -1).map((a) => budgetOf(a));
  assert.ok(served.length > 0 && served.every((b) => b.policy === policy && b.q === BUDGET && b.w === 60));
  // from the last window's start (remaining went up: a new window) down to 0 by one a call
  let from = served.length - 1;
  while (from > 0 && served[from - 1]!.r === served[from]!.r + 1) from--;
  assert.deepEqual(
    served.slice(from).map((b) => b.r),
    Array.from({ length: served.length - from }, (_, i) => served.length - from - 1 - i),
  );
  return refused;
}

describe("request budgets (RateLimit headers, 429)", () => {
  test("anonymous calls spend their address's budget, whatever public token or broken token they carry", async () => {
    const from = address();
    const publicToken = await api.publicToken();
    let n = 0;
    // no token, www's public token (its secret is public) and a token that does not verify: one budget
    const call = () =>
      api.get("/api/user/me", {
        headers: { "X-Forwarded-For": from },
        ...[{}, { token: publicToken }, { token: "not-a-token" }][n++ % 3],
      });
    const first = await call();
    assert.equal(first.status, 401, first.text);
    assert.deepEqual([budgetOf(first).policy, budgetOf(first).r], ["anonymous", BUDGET - 1]);
    await spendUntilRefused(call, "anonymous", "/api/user/me");
    // another address has its whole budget
    const elsewhere = await api.get("/api/user/me", { headers: { "X-Forwarded-For": address() } });
    assert.equal(elsewhere.status, 401);
    assert.deepEqual([budgetOf(elsewhere).policy, budgetOf(elsewhere).r], ["anonymous", BUDGET - 1]);
    // the refusal in Italian; pages, the portal's API and routes outside /api are not budgeted
    const it = await api.get("/api/user/me", { headers: { "X-Forwarded-For": from, "Accept-Language": "it" } });
    assert.equal(it.status, 429);
    assert.match(it.body.message, new RegExp(`^Troppe richieste: ne sono ammesse ${BUDGET} al minuto`));
    for (const path of ["/", "/api/trpc/vod.catalogue", "/asset/thumbnail/00000000-0000-4000-8000-000000000000"]) {
      const res = await fetch(server.url + path, { headers: { "X-Forwarded-For": from }, redirect: "manual" });
      await res.arrayBuffer();
      assert.notEqual(res.status, 429, path);
      assert.equal(res.headers.get("ratelimit"), null, path);
    }
  });

  test("an API key has a budget of its own, apart from its user's logins and other keys", async () => {
    const user = await newUser(api);
    const keyOf = async (name: string): Promise<string> => {
      const made = await api.post("/api/user/me/api-keys", { name, scopes: ["box:read"] }, { token: user.access });
      assert.equal(made.status, 201, made.text);
      assert.equal(budgetOf(made).policy, "user");
      return made.body.key as string;
    };
    const [key, otherKey] = [await keyOf("one"), await keyOf("two")];
    const search = (token: string) => api.post("/api/search/box/contents", {}, { token });
    const answer = await search(key);
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual([budgetOf(answer).policy, budgetOf(answer).r], ["api-key", BUDGET - 1]);
    await spendUntilRefused(() => search(key), "api-key", "/api/search/box/contents");
    const other = await search(otherKey);
    assert.deepEqual([other.status, budgetOf(other).policy, budgetOf(other).r], [200, "api-key", BUDGET - 1]);
    const login = await api.get("/api/user/me", { token: user.access });
    assert.equal(login.status, 200);
    assert.equal(budgetOf(login).policy, "user");
  });

  test("a user's login spends the user's budget; another user's is apart", async () => {
    const [one, two] = [await newUser(api), await newUser(api)];
    await spendUntilRefused(() => api.get("/api/user/me", { token: one.access }), "user", "/api/user/me");
    const other = await api.get("/api/user/me", { token: two.access });
    assert.deepEqual([other.status, budgetOf(other).policy, budgetOf(other).r], [200, "user", BUDGET - 1]);
  });

  test("a confidential client registers its visitors on its own budget, not the address's registration limit", async () => {
    const admin = await testAdmin(api);
    const clientId = code("shop");
    const made = await api.post(
      "/api/admin/clients",
      { clientId, name: "Shop", grants: ["client_credentials", "password"], origins: [] },
      { token: admin.access },
    );
    assert.equal(made.status, 201, made.text);
    const tokens = await api.token({ grant_type: "client_credentials" }, { id: clientId, secret: made.body.clientSecret as string });
    assert.equal(tokens.status, 200, tokens.text);
    const shopToken = tokens.body.access_token as string;
    const from = address(); // the shop's server: one address
    const registerAs = (token: string) =>
      api.post("/api/public/user/register", registration(), { token, headers: { "X-Forwarded-For": from } });

    // www from that address: REGISTRATIONS accounts, then 429 (the per-address limit of an hour)
    const www = await api.publicToken();
    for (let i = 0; i < REGISTRATIONS; i++) assert.equal((await registerAs(www)).status, 201);
    const refused = await registerAs(www);
    assertErrorBody(refused, 429, "/api/public/user/register");
    assert.ok(Number(refused.headers.get("retry-after")) > 60, "the registration limit's hour, not a minute's budget");
    assert.equal(budgetOf(refused).policy, "anonymous");

    // the shop from the same address: more accounts than that, on the client's budget
    const first = await registerAs(shopToken);
    assert.equal(first.status, 201, first.text);
    assert.equal(budgetOf(first).policy, "client");
    for (let i = 0; i < REGISTRATIONS; i++) assert.equal((await registerAs(shopToken)).status, 201);
    const overview = `/api/public/user/${first.body.userCode}/overview`;
    await spendUntilRefused(() => api.get(overview, { token: shopToken }), "client", overview);
  });
});

describe("webhooks without WEBHOOK_ALLOW_PRIVATE_ADDRESSES (the default)", () => {
  test("an endpoint on a loopback or private address is refused", async () => {
    const user = await newUser(api);
    for (const url of [hooks.url, "http://10.1.2.3/x", "http://[::1]:8080/x", "http://169.254.169.254/latest", "http://localhost:9/x"])
      assertValidation(await api.post("/api/webhooks", { url, events: ["box.ready"] }, { token: user.access }), "/api/webhooks", [
        { field: "url", defaultMessage: "must not point to a private, loopback or link-local address" },
      ]);
  });
});
