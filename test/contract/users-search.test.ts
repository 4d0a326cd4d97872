// POST /api/public/search/users over real HTTP: full-text relevance with weights, prefix `*`,
// paging, sorts, only ACTIVE users, lenient search requests (supplement §3) and validation.
import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import type { Api } from "../support/api";
import { assertUnauthorized, assertValidation, connect, newUser, register, registration, sleep } from "./users-fixtures";

let api: Api;
let publicToken: string;
const SEARCH = "/api/public/search/users";

/** A word no other test uses (letters only, so it is one search term). */
const word = () =>
  "k" +
  Array.from(randomBytes(9))
    .map((b) => String.fromCharCode(97 + (b % 26)))
    .join("");

// Five users around one marker word, created in this order (so lastActivity order is the reverse):
// - uA: the marker is its userCode prefix (weight A)
// - uB: in the page title (B)   - uC: in the last name (B)   - uD: in the page description (C)
// - uE: pending (never activated), marker in the title: never found
// - uF: disabled, marker in the title: never found
let marker: string;
const users: Record<string, { userCode: string; access: string; email: string }> = {};

async function createUser(key: string, userCode: string, profile: Record<string, unknown>): Promise<void> {
  const u = await newUser(api, { userCode, email: `${userCode}@example.test` });
  const res = await api.post(
    "/api/user/me",
    { profile: { firstName: "Test", lastName: "User", birthDate: "15/06/1990", email: u.email, ...profile } },
    { token: u.access },
  );
  assert.equal(res.status, 200, res.text);
  users[key] = u;
  await sleep(20); // distinct lastActivityAt
}

before(async () => {
  ({ api } = await connect());
  publicToken = await api.publicToken();
  marker = word();
  const suffix = word().slice(1, 6);
  await createUser("A", `${marker}.${suffix}`, { pageTitle: "Nothing here" });
  await createUser("B", `b${suffix}1`, { pageTitle: `The ${marker} show` });
  await createUser("C", `c${suffix}2`, { lastName: marker });
  await createUser("D", `d${suffix}3`, { pageDescription: `All about ${marker} and more` });
  const pending = registration({ userCode: `e${suffix}4`, activationUrl: `${api.url}/a?t=\${token}` });
  assert.equal((await register(api, pending, publicToken)).status, 201);
  await createUser("F", `f${suffix}5`, { pageTitle: `${marker} gone` });
  assert.equal((await api.post("/api/user/me/disable", undefined, { token: users.F!.access })).status, 204);
});

const search = (body: unknown, token = publicToken, path = SEARCH) => api.post(path, body, { token });

describe("POST /api/public/search/users", () => {
  test("relevance: userCode (A) before name and title (B) before description (C); exact item shapes", async () => {
    const res = await search({ pageSize: 10, pageIndex: 0, queryString: marker });
    assert.equal(res.status, 200, res.text);
    const { A, B, C, D } = users as Record<string, { userCode: string }>;
    assert.deepEqual(res.body, {
      pageSize: 10,
      pageIndex: 0,
      totalCount: 4,
      pageCount: 1,
      items: [
        { userCode: A!.userCode, licenseExpired: false, pageTitle: "Nothing here" },
        // equal rank: userCode order
        { userCode: B!.userCode, licenseExpired: false, pageTitle: `The ${marker} show` },
        { userCode: C!.userCode, licenseExpired: false },
        { userCode: D!.userCode, licenseExpired: false, pageDescription: `All about ${marker} and more` },
      ],
    });
  });

  test("missing pageSize and pageIndex default to 10 and 0; numbers as strings; unknown keys ignored; trailing slash", async () => {
    const defaults = await search({ queryString: marker.toUpperCase(), tags: ["x"], emdedded: false });
    assert.equal(defaults.status, 200, defaults.text);
    assert.equal(defaults.body.pageSize, 10);
    assert.equal(defaults.body.pageIndex, 0);
    assert.equal(defaults.body.totalCount, 4);
    const page2 = await search({ pageSize: "3", pageIndex: "1", queryString: marker }, publicToken, `${SEARCH}/`);
    assert.equal(page2.status, 200, page2.text);
    assert.deepEqual(page2.body, {
      pageSize: 3,
      pageIndex: 1,
      totalCount: 4,
      pageCount: 2,
      items: [{ userCode: users.D!.userCode, licenseExpired: false, pageDescription: `All about ${marker} and more` }],
    });
    const beyond = await search({ pageSize: 3, pageIndex: 5, queryString: marker });
    assert.deepEqual(beyond.body, { pageSize: 3, pageIndex: 5, totalCount: 4, pageCount: 2, items: [] });
  });

  test("a trailing * (or **) makes the last word a prefix; without it a partial word finds nothing", async () => {
    const part = marker.slice(0, 6);
    for (const q of [`${part}*`, `${part}**`, `${part} *`]) {
      const res = await search({ queryString: q });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.totalCount, 4, q);
    }
    const none = await search({ queryString: part });
    assert.deepEqual(none.body, { pageSize: 10, pageIndex: 0, totalCount: 0, pageCount: 0, items: [] });
  });

  test("words are ANDed; a dotted userCode is found by its parts and as typed", async () => {
    const userCode = users.A!.userCode;
    for (const q of [userCode, userCode.toUpperCase(), userCode.replace(".", " "), `${userCode.slice(0, -2)}*`]) {
      const res = await search({ queryString: q });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(
        res.body.items.map((i: { userCode: string }) => i.userCode),
        [userCode],
        q,
      );
    }
    const both = await search({ queryString: `${marker} show` });
    assert.deepEqual(
      both.body.items.map((i: { userCode: string }) => i.userCode),
      [users.B!.userCode],
    );
  });

  test("sorts: userCode, lastActivity (most recent first), relevance by default; case-insensitive names", async () => {
    const { A, B, C, D } = users as Record<string, { userCode: string }>;
    const codes = (res: { body: { items: { userCode: string }[] } }) => res.body.items.map((i) => i.userCode);
    assert.deepEqual(codes(await search({ queryString: marker, sort: "userCode" })), [A, B, C, D].map((u) => u!.userCode).sort());
    assert.deepEqual(
      codes(await search({ queryString: marker, sort: "LASTACTIVITY" })),
      [D, C, B, A].map((u) => u!.userCode),
    );
    assert.deepEqual(codes(await search({ queryString: marker, sort: "username" })), [A, B, C, D].map((u) => u!.userCode).sort());
    assert.deepEqual(
      codes(await search({ queryString: marker, sort: "" })),
      [A, B, C, D].map((u) => u!.userCode),
    );
    // an account update is activity: B moves to the front
    const b = users.B!;
    await api.post(
      "/api/user/me",
      { profile: { firstName: "Test", lastName: "User", birthDate: "15/06/1990", email: b.email, pageTitle: `The ${marker} show` } },
      { token: b.access },
    );
    assert.deepEqual(
      codes(await search({ queryString: marker, sort: "lastActivity" })),
      [B, D, C, A].map((u) => u!.userCode),
    );
  });

  test('no query: every active user, by userCode; no body, {} and "{ }" are all an empty request', async () => {
    for (const raw of [undefined, "{}", '"{ }"']) {
      const res =
        raw === undefined
          ? await api.post(SEARCH, undefined, { token: publicToken })
          : await api.post(SEARCH, undefined, { token: publicToken, raw });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.pageSize, 10);
      assert.equal(res.body.pageIndex, 0);
      assert.ok(res.body.totalCount >= 4);
      assert.equal(res.body.pageCount, Math.ceil(res.body.totalCount / 10));
      const codes = res.body.items.map((i: { userCode: string }) => i.userCode);
      assert.deepEqual(
        codes,
        [...codes].sort((x: string, y: string) => (x.toLowerCase() < y.toLowerCase() ? -1 : 1)),
      );
    }
    // a query made only of punctuation is no query
    const stars = await search({ queryString: "*", pageSize: 1 });
    assert.equal(stars.status, 200, stars.text);
    assert.equal(stars.body.items.length, 1);
  });

  test("validation: pageSize 1..100, pageIndex >= 0, numbers only, known sorts (English and Italian)", async () => {
    assertValidation(await search({ pageSize: 0, pageIndex: -1, sort: "popularity" }), SEARCH, [
      { field: "pageSize", defaultMessage: "must be at least 1" },
      { field: "pageIndex", defaultMessage: "must be at least 0" },
      { field: "sort", defaultMessage: "is not a supported sort" },
    ]);
    assertValidation(await search({ pageSize: 101, pageIndex: "first" }), SEARCH, [
      { field: "pageSize", defaultMessage: "must be at most 100" },
      { field: "pageIndex", defaultMessage: "must be of type number" },
    ]);
    const it = await api.post(SEARCH, { pageSize: 1000, sort: 5 }, { token: publicToken, headers: { "Accept-Language": "it" } });
    assertValidation(
      it,
      SEARCH,
      [
        { field: "pageSize", defaultMessage: "deve essere al massimo 100" },
        { field: "sort", defaultMessage: "non è un ordinamento supportato" },
      ],
      "it",
    );
  });

  test("a private token works too; no token: 401", async () => {
    const res = await search({ queryString: marker }, users.A!.access);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.totalCount, 4);
    assertUnauthorized(await api.post(SEARCH, {}));
  });
});
