// POST /api/user/me (and GET /api/user/me): every field and its format, replacement by section, the
// lenient input of real clients (supplement §3) and every validation failure, over real HTTP.
import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type { Api } from "../support/api";
import { assertAccessDenied, assertUnauthorized, assertValidation, connect, freshUser, newUser } from "./users-fixtures";

let api: Api;
before(async () => {
  ({ api } = await connect());
});

const ME = "/api/user/me";

function fullBody(email: string) {
  return {
    profile: {
      firstName: "Mario",
      lastName: "Rossi",
      birthDate: "31/12/1985",
      email,
      language: "it",
      pageTitle: "Mario's videos",
      pageDescription: "Cooking and travel",
      socialUrl1: "https://social.example/mario",
      socialContact: "mario.rossi",
      socialUrl2: "https://other.example/@mario",
    },
    finance: {
      paymentEmail: "pay@example.test",
      companyName: "Rossi Srl",
      companyConfirm: true,
      vatNumber: "IT01234567890",
      taxCode: "RSSMRA85T31H501Z",
      billingAddress: { street: "Via Roma 1", zipCode: "00100", city: "Roma", country: "IT", state: "RM" },
    },
    features: { transcoderNotifyEnabled: false, vodPublic: false, livePassword: "live-secret-1" },
  };
}

function fullUser(userCode: string, email: string) {
  const b = fullBody(email);
  const { companyConfirm: _, ...finance } = b.finance;
  return {
    userCode,
    profile: b.profile,
    finance: { ...finance, billingAddress: { ...b.finance.billingAddress, countryName: "Italy" } },
    // the live password is write-only (stored hashed, never answered)
    features: { transcoderNotifyEnabled: b.features.transcoderNotifyEnabled, vodPublic: b.features.vodPublic },
  };
}

describe("POST /api/user/me: update", () => {
  test("every field is stored and read back in the document's formats", async () => {
    const u = await newUser(api);
    const email = `${u.userCode}.new@example.test`;
    const res = await api.post(ME, fullBody(email), { token: u.access });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, fullUser(u.userCode, email));
    const me = await api.get(ME, { token: u.access });
    assert.equal(me.status, 200, me.text);
    assert.deepEqual(me.body, fullUser(u.userCode, email));
  });

  test("the object read is posted back with read-only fields, unknown keys and strings for booleans: accepted, never written", async () => {
    const u = await newUser(api);
    const email = `${u.userCode}@example.test`;
    await api.post(ME, fullBody(email), { token: u.access });
    const read = (await api.get(ME, { token: u.access })).body;
    const other = await newUser(api);
    const posted = {
      ...read,
      userCode: other.userCode, // read-only
      emdedded: true, // typo of a UI flag
      profile: { ...read.profile, firstName: "Maria", uiFlag: "x" },
      finance: {
        ...read.finance,
        companyConfirm: "true",
        billingAddress: { ...read.finance.billingAddress, country: "fr", countryName: "Narnia" },
      },
      features: { ...read.features, transcoderNotifyEnabled: "true", vodPublic: "false", extra: 1 },
    };
    const res = await api.post(`${ME}/`, posted, { token: u.access }); // trailing slash too
    assert.equal(res.status, 200, res.text);
    const expected = fullUser(u.userCode, email);
    expected.profile.firstName = "Maria";
    expected.finance.billingAddress = { ...expected.finance.billingAddress, country: "FR", countryName: "France" };
    expected.features = { ...expected.features, transcoderNotifyEnabled: true, vodPublic: false };
    assert.deepEqual(res.body, expected);
    // the other account is untouched
    const theirs = await api.get(ME, { token: other.access });
    assert.deepEqual(theirs.body, freshUser(other.userCode, other.email));
  });

  test("absent sections stay; a sent section replaces the stored one (absent optionals cleared, language and booleans kept)", async () => {
    const u = await newUser(api);
    const email = `${u.userCode}@example.test`;
    await api.post(ME, fullBody(email), { token: u.access });

    // profile only: finance and features unchanged; profile optionals left out are cleared
    const profileOnly = await api.post(
      ME,
      { profile: { firstName: "Mario", lastName: "Rossi", birthDate: "31/12/1985", email, pageTitle: "  Only a title  " } },
      { token: u.access },
    );
    assert.equal(profileOnly.status, 200, profileOnly.text);
    const full = fullUser(u.userCode, email);
    assert.deepEqual(profileOnly.body, {
      ...full,
      profile: { firstName: "Mario", lastName: "Rossi", birthDate: "31/12/1985", email, language: "it", pageTitle: "Only a title" },
    });

    // finance with one field, features empty: the rest of both is cleared, booleans (and the
    // write-only live password) kept
    const sections = await api.post(
      ME,
      {
        profile: profileOnly.body.profile,
        finance: { paymentEmail: "OTHER@Example.test", vatNumber: "", companyName: null },
        features: {},
      },
      { token: u.access },
    );
    assert.equal(sections.status, 200, sections.text);
    assert.deepEqual(sections.body, {
      userCode: u.userCode,
      profile: profileOnly.body.profile,
      finance: { paymentEmail: "other@example.test", billingAddress: {} },
      features: { transcoderNotifyEnabled: false, vodPublic: false },
    });
  });

  test("the email may change to a free one (lower-cased); one used by another user is a field error", async () => {
    const u = await newUser(api);
    const other = await newUser(api);
    const base = { firstName: "A", lastName: "B", birthDate: "01/01/2000" };
    const taken = await api.post(ME, { profile: { ...base, email: other.email.toUpperCase() } }, { token: u.access });
    assertValidation(taken, ME, [{ field: "profile.email", defaultMessage: "is already used by another user" }]);
    const mine = await api.post(ME, { profile: { ...base, email: u.email } }, { token: u.access });
    assert.equal(mine.status, 200, mine.text);
    const fresh = await api.post(ME, { profile: { ...base, email: ` New.${u.email.toUpperCase()} ` } }, { token: u.access });
    assert.equal(fresh.status, 200, fresh.text);
    assert.equal(fresh.body.profile.email, `new.${u.email}`);
  });
});

describe("POST /api/user/me: validation", () => {
  test("profile is required", async () => {
    const u = await newUser(api);
    assertValidation(await api.post(ME, {}, { token: u.access }), ME, [{ field: "profile", defaultMessage: "is required" }]);
    assertValidation(await api.post(ME, undefined, { token: u.access, raw: "" }), ME, [
      { field: "profile", defaultMessage: "is required" },
    ]);
  });

  test("required and malformed profile fields, one error each", async () => {
    const u = await newUser(api);
    const res = await api.post(
      ME,
      {
        profile: {
          firstName: " ",
          birthDate: "31/02/2000",
          email: "not-an-email",
          language: "english",
          thumbnailId: "not-a-uuid",
          pageTitle: "x".repeat(201),
        },
      },
      { token: u.access },
    );
    assertValidation(res, ME, [
      { field: "profile.firstName", defaultMessage: "is required" },
      { field: "profile.lastName", defaultMessage: "is required" },
      { field: "profile.birthDate", defaultMessage: "must be a date dd/MM/yyyy" },
      { field: "profile.email", defaultMessage: "must be a valid email address" },
      { field: "profile.language", defaultMessage: "must be a language code such as en or it" },
      { field: "profile.thumbnailId", defaultMessage: "is not one of your thumbnails" },
      { field: "profile.pageTitle", defaultMessage: "must be at most 200 characters long" },
    ]);
  });

  test("a birth date in the future, and the same errors in Italian", async () => {
    const u = await newUser(api);
    const res = await api.post(
      ME,
      { profile: { firstName: "A", lastName: "B", birthDate: "01/01/2999", email: u.email } },
      { token: u.access, headers: { "Accept-Language": "it" } },
    );
    assertValidation(res, ME, [{ field: "profile.birthDate", defaultMessage: "deve essere una data passata" }], "it");
  });

  test("a thumbnail that is not the user's own is refused", async () => {
    const u = await newUser(api);
    const res = await api.post(
      ME,
      { profile: { firstName: "A", lastName: "B", birthDate: "01/01/2000", email: u.email, thumbnailId: randomUUID() } },
      { token: u.access },
    );
    assertValidation(res, ME, [{ field: "profile.thumbnailId", defaultMessage: "is not one of your thumbnails" }]);
  });

  test("social links must be http(s) URLs: javascript:, data: and other schemes are refused and nothing is stored", async () => {
    const u = await newUser(api);
    const profile = { firstName: "A", lastName: "B", birthDate: "01/01/2000", email: u.email };
    const refused: [string, string][] = [
      ["javascript:alert(document.cookie)", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="],
      [" JavaScript:alert(1)", "vbscript:msgbox(1)"],
      ["ftp://files.example/me", "//evil.example/protocol-relative"],
      ["https://", `https://social.example/${"x".repeat(500)}`],
    ];
    for (const [socialUrl1, socialUrl2] of refused) {
      const res = await api.post(ME, { profile: { ...profile, socialUrl1, socialUrl2 } }, { token: u.access });
      const tooLong = socialUrl2.length > 500;
      assertValidation(res, ME, [
        { field: "profile.socialUrl1", defaultMessage: "must be an http(s) URL" },
        { field: "profile.socialUrl2", defaultMessage: tooLong ? "must be at most 500 characters long" : "must be an http(s) URL" },
      ]);
    }
    const it = await api.post(
      ME,
      { profile: { ...profile, socialUrl1: "javascript:alert(1)" } },
      { token: u.access, headers: { "Accept-Language": "it" } },
    );
    assertValidation(it, ME, [{ field: "profile.socialUrl1", defaultMessage: "deve essere un URL http(s)" }], "it");
    const me = await api.get(ME, { token: u.access });
    assert.equal(me.body.profile.socialUrl1, undefined, "nothing was stored");

    // http(s) links are kept (trimmed); blank clears them
    const ok = await api.post(
      ME,
      { profile: { ...profile, socialUrl1: "  https://social.example/a?b=c  ", socialUrl2: "HTTP://Other.example/x" } },
      { token: u.access },
    );
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.profile.socialUrl1, "https://social.example/a?b=c");
    assert.equal(ok.body.profile.socialUrl2, "HTTP://Other.example/x");
    const cleared = await api.post(ME, { profile: { ...profile, socialUrl1: " ", socialUrl2: null } }, { token: u.access });
    assert.equal(cleared.status, 200, cleared.text);
    assert.equal(cleared.body.profile.socialUrl1, undefined);
    assert.equal(cleared.body.profile.socialUrl2, undefined);
  });

  test("finance: companyConfirm must be true with a company name; country, emails and booleans are checked", async () => {
    const u = await newUser(api);
    const profile = { firstName: "A", lastName: "B", birthDate: "01/01/2000", email: u.email };
    const noConfirm = await api.post(ME, { profile, finance: { companyName: "ACME" } }, { token: u.access });
    assertValidation(noConfirm, ME, [{ field: "finance.companyConfirm", defaultMessage: "must be true when a company name is given" }]);
    const falseConfirm = await api.post(
      ME,
      { profile, finance: { companyName: "ACME", companyConfirm: "false" } },
      { token: u.access, headers: { "Accept-Language": "it" } },
    );
    assertValidation(
      falseConfirm,
      ME,
      [{ field: "finance.companyConfirm", defaultMessage: "deve essere true quando è indicata una ragione sociale" }],
      "it",
    );
    const malformed = await api.post(
      ME,
      {
        profile,
        finance: { paymentEmail: "nope", companyConfirm: "maybe", billingAddress: { country: "XX", zipCode: "1".repeat(21) } },
        features: { vodPublic: "yes", livePassword: "has space" },
      },
      { token: u.access },
    );
    assertValidation(malformed, ME, [
      { field: "finance.paymentEmail", defaultMessage: "must be a valid email address" },
      { field: "finance.companyConfirm", defaultMessage: "must be of type boolean" },
      { field: "finance.billingAddress.country", defaultMessage: "must be an ISO 3166 two-letter country code" },
      { field: "finance.billingAddress.zipCode", defaultMessage: "must be at most 20 characters long" },
      { field: "features.vodPublic", defaultMessage: "must be of type boolean" },
      { field: "features.livePassword", defaultMessage: "is not valid" },
    ]);
    // nothing was written by the failed calls
    assert.deepEqual((await api.get(ME, { token: u.access })).body, freshUser(u.userCode, u.email));
    // with confirmation it is accepted; companyConfirm itself is not part of the User
    const ok = await api.post(ME, { profile, finance: { companyName: "ACME", companyConfirm: "true" } }, { token: u.access });
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual(ok.body.finance, { companyName: "ACME", billingAddress: {} });
  });
});

describe("/api/user/me: authorization", () => {
  test("no token: 401; a public token: 403", async () => {
    const publicToken = await api.publicToken();
    assertUnauthorized(await api.get(ME));
    assertUnauthorized(await api.post(ME, { profile: {} }));
    assertAccessDenied(await api.get(ME, { token: publicToken }));
    assertAccessDenied(await api.post(ME, { profile: {} }, { token: publicToken }));
  });

  test("GET /api/user/me reads the account of the token only", async () => {
    const a = await newUser(api);
    const b = await newUser(api);
    assert.deepEqual((await api.get(ME, { token: a.access })).body, freshUser(a.userCode, a.email));
    assert.deepEqual(
      (await api.get(`${ME}/`, { token: b.access, headers: { "Accept-Language": "it" } })).body,
      freshUser(b.userCode, b.email),
    );
  });
});
