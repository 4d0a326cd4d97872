// GET /api/user/me/overview and GET /api/public/user/{userCode}/overview over real HTTP, plus the
// license timeline of the overview for the paid-license states that need a payment to reach.
import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type { Api } from "../support/api";
import { addMonths, licenseTimeline, nextMonthlyReset } from "../../src/server/domain/users/user-overview";
import { assertAccessDenied, assertError, assertUnauthorized, connect, newUser, register, registration } from "./users-fixtures";

let api: Api;
let publicToken: string;
before(async () => {
  ({ api } = await connect());
  publicToken = await api.publicToken();
});

const OVERVIEW = "/api/user/me/overview";
const ymd = (d: Date) => [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
const profile = (email: string) => ({ firstName: "Mario", lastName: "Rossi", birthDate: "01/01/1980", email });

describe("GET /api/user/me/overview", () => {
  test("a new user on Free: every field and its format", async () => {
    const u = await newUser(api);
    const res = await api.get(OVERVIEW, { token: u.access });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, {
      userCode: u.userCode,
      licenseName: "Free",
      licenseExpired: false,
      availableRenews: 0,
      renewDate: ymd(addMonths(new Date(), 1)), // Free never expires: the next monthly band reset
      daysFromActivation: 0,
      videosCount: 0,
      storage: "0,00",
      band: "0,00",
      storagePercent: "0,00",
      bandPercent: "0,00",
    });
  });

  test("billing, live password and payment email from the account; countryName added; trailing slash", async () => {
    const u = await newUser(api);
    const update = await api.post(
      "/api/user/me",
      {
        profile: profile(u.email),
        finance: {
          paymentEmail: "pay@example.test",
          vatNumber: "IT01234567890",
          billingAddress: { street: "Via Roma 1", city: "Roma", country: "it" },
        },
        features: { livePassword: "live-secret-1" },
      },
      { token: u.access },
    );
    assert.equal(update.status, 200, update.text);
    const res = await api.get(`${OVERVIEW}/`, { token: u.access });
    assert.equal(res.status, 200, res.text);
    const { renewDate, ...rest } = res.body;
    assert.deepEqual(renewDate, ymd(addMonths(new Date(), 1)));
    assert.deepEqual(rest, {
      userCode: u.userCode,
      licenseName: "Free",
      licenseExpired: false,
      availableRenews: 0,
      daysFromActivation: 0,
      videosCount: 0,
      storage: "0,00",
      band: "0,00",
      storagePercent: "0,00",
      bandPercent: "0,00",
      paymentEmail: "pay@example.test",
      vatNumber: "IT01234567890",
      billingAddress: { street: "Via Roma 1", city: "Roma", country: "IT", countryName: "Italy" },
      // the live password is write-only (stored hashed): never answered
    });
  });

  test("each user sees their own overview only; no token 401, public token 403", async () => {
    const a = await newUser(api);
    const b = await newUser(api);
    await api.post("/api/user/me", { profile: profile(a.email), finance: { vatNumber: "A-VAT" } }, { token: a.access });
    const theirs = await api.get(OVERVIEW, { token: b.access });
    assert.equal(theirs.body.userCode, b.userCode);
    assert.equal(theirs.body.vatNumber, undefined);
    assertUnauthorized(await api.get(OVERVIEW));
    assertAccessDenied(await api.get(OVERVIEW, { token: publicToken }));
  });
});

describe("GET /api/public/user/{userCode}/overview", () => {
  test("a new user: userCode and licenseExpired only", async () => {
    const u = await newUser(api);
    const res = await api.get(`/api/public/user/${u.userCode}/overview`, { token: publicToken });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { userCode: u.userCode, licenseExpired: false });
  });

  test("the public fields after an update, nothing private; case-insensitive code, trailing slash, private token", async () => {
    const u = await newUser(api);
    const page = {
      ...profile(u.email),
      pageTitle: "Mario's channel",
      pageDescription: "Cooking",
      socialUrl1: "https://social.example/mario",
      socialContact: "mario.rossi",
      socialUrl2: "https://other.example/mario",
    };
    await api.post(
      "/api/user/me",
      { profile: page, finance: { paymentEmail: "pay@example.test" }, features: { livePassword: "secret-1" } },
      { token: u.access },
    );
    const expected = {
      userCode: u.userCode,
      licenseExpired: false,
      pageTitle: "Mario's channel",
      pageDescription: "Cooking",
      socialUrl1: "https://social.example/mario",
      socialContact: "mario.rossi",
      socialUrl2: "https://other.example/mario",
    };
    const other = await newUser(api);
    for (const [path, token] of [
      [`/api/public/user/${u.userCode}/overview`, publicToken],
      [`/api/public/user/${u.userCode.toUpperCase()}/overview/`, publicToken],
      [`/api/public/user/${u.userCode}/overview`, other.access],
    ] as const) {
      const res = await api.get(path, { token });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body, expected);
    }
  });

  test("read, changed, read again: each answer follows the change just made (page update, disable)", async () => {
    const u = await newUser(api);
    const path = `/api/public/user/${u.userCode}/overview`;
    for (let i = 0; i < 2; i++)
      assert.deepEqual((await api.get(path, { token: publicToken })).body, { userCode: u.userCode, licenseExpired: false });
    for (const pageTitle of ["First title", "Second title"]) {
      const updated = await api.post("/api/user/me", { profile: { ...profile(u.email), pageTitle } }, { token: u.access });
      assert.equal(updated.status, 200, updated.text);
      assert.deepEqual((await api.get(path, { token: publicToken })).body, { userCode: u.userCode, licenseExpired: false, pageTitle });
    }
    const disabled = await api.post("/api/user/me/disable", undefined, { token: u.access });
    assert.equal(disabled.status, 204, disabled.text);
    assertError(await api.get(path, { token: publicToken }), 404, "User not found", path);
  });

  test("unknown and pending users: 404 (English and Italian); no token: 401", async () => {
    const path = "/api/public/user/no-such-user-here/overview";
    assertError(await api.get(path, { token: publicToken }), 404, "User not found", path);
    assertError(await api.get(path, { token: publicToken, headers: { "Accept-Language": "it" } }), 404, "Utente non trovato", path);
    const pending = registration({ activationUrl: `${api.url}/a?t=\${token}` });
    assert.equal((await register(api, pending, publicToken)).status, 201);
    const pendingPath = `/api/public/user/${String(pending.userCode)}/overview`;
    assertError(await api.get(pendingPath, { token: publicToken }), 404, "User not found", pendingPath);
    assertUnauthorized(await api.get(path));
  });
});

describe("license timeline of the overview (pure function)", () => {
  const DAY = 86_400_000;
  const now = new Date("2026-03-10T12:00:00Z");
  const band = new Date("2026-01-31T08:00:00Z");

  test("Free (never expires): renewDate is the next monthly band reset, no daysToExpiration", () => {
    assert.deepEqual(
      licenseTimeline({ activatedAt: new Date("2026-01-01T00:00:00Z"), expiresAt: null, dayDuration: 0, bandPeriodStart: band }, now),
      {
        licenseExpired: false,
        availableRenews: 0,
        renewDate: new Date("2026-03-31T08:00:00Z"),
        daysFromActivation: 68,
      },
    );
  });

  test("paid, three periods bought today: two renews left, renewDate at the end of the first period", () => {
    const t = licenseTimeline(
      { activatedAt: now, expiresAt: new Date(now.getTime() + 90 * DAY), dayDuration: 30, bandPeriodStart: band },
      now,
    );
    assert.deepEqual(t, {
      licenseExpired: false,
      availableRenews: 2,
      renewDate: new Date(now.getTime() + 30 * DAY),
      daysFromActivation: 0,
      daysToExpiration: 90,
    });
    const later = new Date(now.getTime() + 31 * DAY + 3600_000);
    const t2 = licenseTimeline(
      { activatedAt: now, expiresAt: new Date(now.getTime() + 90 * DAY), dayDuration: 30, bandPeriodStart: band },
      later,
    );
    assert.deepEqual(t2, {
      licenseExpired: false,
      availableRenews: 1,
      renewDate: new Date(now.getTime() + 60 * DAY),
      daysFromActivation: 31,
      daysToExpiration: 59,
    });
  });

  test("paid and expired: renewDate is the expiry, daysToExpiration 0", () => {
    const expiresAt = new Date(now.getTime() - 2 * DAY);
    assert.deepEqual(
      licenseTimeline({ activatedAt: new Date(now.getTime() - 32 * DAY), expiresAt, dayDuration: 30, bandPeriodStart: band }, now),
      {
        licenseExpired: true,
        availableRenews: 0,
        renewDate: expiresAt,
        daysFromActivation: 32,
        daysToExpiration: 0,
      },
    );
  });

  test("monthly anniversaries clamp to the month's length", () => {
    assert.deepEqual(addMonths(new Date("2026-01-31T08:00:00Z"), 1), new Date("2026-02-28T08:00:00Z"));
    assert.deepEqual(addMonths(new Date("2027-12-31T00:00:00Z"), 2), new Date("2028-02-29T00:00:00Z"));
    assert.deepEqual(nextMonthlyReset(band, new Date("2026-02-10T00:00:00Z")), new Date("2026-02-28T08:00:00Z"));
    assert.deepEqual(nextMonthlyReset(band, new Date("2026-02-28T08:00:00Z")), new Date("2026-03-31T08:00:00Z"));
  });
});
