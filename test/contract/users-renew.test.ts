// Password renewal end to end through the mail actually sent (SMTP sink): POST and GET
// /api/public/user/password/renew, POST /api/public/user/password/renew/confirm (supplement §2).
import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type { Api } from "../support/api";
import { firstLink, waitForMail } from "../support/mailbox";
import {
  address,
  assertError,
  assertInvalidRefresh,
  assertOAuthError,
  assertUnauthorized,
  assertValidation,
  code,
  connect,
  freshUser,
  login,
  newUser,
  register,
  registration,
} from "./users-fixtures";

let api: Api;
let mailDir: string;
let publicToken: string;
before(async () => {
  ({ api, mailDir } = await connect());
  publicToken = await api.publicToken();
});

const RENEW = "/api/public/user/password/renew";
const CONFIRM = "/api/public/user/password/renew/confirm";

/** Sends a renew request from a fresh address (so the per-address limit of other tests is untouched). */
const requestRenew = (body: unknown, headers: Record<string, string> = {}, from = address()) =>
  api.post(RENEW, body, { token: publicToken, headers: { "X-Forwarded-For": from, ...headers } });

/** The token of the newest renew mail to `email` whose link starts with `prefix`. */
async function mailedToken(email: string, prefix: string, seen: Set<string> = new Set()): Promise<string> {
  const mail = await waitForMail(mailDir, email, (m) => m.subject === "Reset your Kinora password" && !seen.has(firstLink(m)));
  const link = firstLink(mail);
  assert.ok(link.startsWith(prefix), link);
  assert.match(mail.text, /valid for 1 hour/);
  seen.add(link);
  return new URL(link).searchParams.get("t") ?? "";
}

const masked = (email: string) => `${email[0]}***${email.slice(email.indexOf("@"))}`;

describe("password renew: the whole flow", () => {
  test("request by userCode -> mail -> read -> confirm -> login with the new password only", async () => {
    const u = await newUser(api);
    const second = await login(api, u.userCode, u.password);
    const res = await requestRenew({
      userCode: u.userCode.toUpperCase(),
      confirmationUrl: `${api.url}/renew?t=\${token}&again=\${token}`,
    });
    assert.equal(res.status, 200, res.text);
    // anonymous callers get the User shape without private data: the email is masked
    assert.deepEqual(res.body, {
      userCode: u.userCode,
      profile: { email: masked(u.email), language: "en" },
      finance: { billingAddress: {} },
      features: { transcoderNotifyEnabled: true, vodPublic: true },
    });

    const token = await mailedToken(u.email, `${api.url}/renew?t=`);
    assert.match(token, /^[\w-]{43}$/);
    const mail = await waitForMail(mailDir, u.email);
    assert.equal(new URL(firstLink(mail)).searchParams.get("again"), token, "every ${token} is replaced");

    // reading the link shows whose account it is, and does not use it up
    for (let i = 0; i < 2; i++) {
      const read = await api.get(`${RENEW}?token=${encodeURIComponent(token)}`, { token: publicToken });
      assert.equal(read.status, 200, read.text);
      assert.deepEqual(read.body, freshUser(u.userCode, u.email));
    }

    const confirm = await api.post(
      CONFIRM,
      { token, newPassword: "Renewed-pass-9", passwordConfirm: "Renewed-pass-9" },
      { token: publicToken },
    );
    assert.equal(confirm.status, 204, confirm.text);
    assert.equal(confirm.text, "");

    assertOAuthError(await login(api, u.userCode, u.password), 400, "invalid_grant", "Bad credentials");
    const fresh = await login(api, u.userCode, "Renewed-pass-9");
    assert.equal(fresh.status, 200, fresh.text);
    // every earlier session ended: refresh tokens revoked
    assertInvalidRefresh(await api.token({ grant_type: "refresh_token", refresh_token: u.refresh }), u.refresh);
    assertInvalidRefresh(
      await api.token({ grant_type: "refresh_token", refresh_token: second.body.refresh_token }),
      second.body.refresh_token,
    );

    // the token is single-use
    const again = await api.post(
      CONFIRM,
      { token, newPassword: "Another-pass-1", passwordConfirm: "Another-pass-1" },
      { token: publicToken },
    );
    assertError(again, 404, "The password renewal link is invalid, used or expired", CONFIRM);
    assertError(
      await api.get(`${RENEW}?token=${encodeURIComponent(token)}`, { token: publicToken }),
      404,
      "The password renewal link is invalid, used or expired",
      RENEW,
    );
    assertError(
      await api.get(`${RENEW}/?token=${encodeURIComponent(token)}`, { token: publicToken, headers: { "Accept-Language": "it" } }),
      404,
      "Il link per reimpostare la password non è valido, è già stato usato o è scaduto",
      `${RENEW}/`,
    );
    assert.equal((await login(api, u.userCode, "Renewed-pass-9")).status, 200);
  });

  test("request by email (any case, trailing slash); confirming one link kills the user's other links", async () => {
    const u = await newUser(api);
    const seen = new Set<string>();
    const first = await api.post(
      `${RENEW}/`,
      { email: ` ${u.email.toUpperCase()} `, confirmationUrl: `${api.url}/renew?t=\${token}` },
      { token: publicToken, headers: { "X-Forwarded-For": address() } },
    );
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.userCode, u.userCode);
    const t1 = await mailedToken(u.email, `${api.url}/renew?t=`, seen);
    const second = await requestRenew({
      email: u.email,
      userCode: u.userCode,
      confirmationUrl: `${api.url}/renew?t=\${token}`,
      unknownKey: 1,
    });
    assert.equal(second.status, 200, second.text);
    const t2 = await mailedToken(u.email, `${api.url}/renew?t=`, seen);
    assert.notEqual(t1, t2);

    // a private token of the same user is accepted on the public path too
    const confirm = await api.post(
      `${CONFIRM}/`,
      { token: t2, newPassword: "Renewed-pass-9", passwordConfirm: "Renewed-pass-9" },
      { token: u.access },
    );
    assert.equal(confirm.status, 204, confirm.text);
    assertError(
      await api.get(`${RENEW}?token=${encodeURIComponent(t1)}`, { token: publicToken }),
      404,
      "The password renewal link is invalid, used or expired",
      RENEW,
    );
  });

  test("the renew only sets the password: a pending account still needs its activation link", async () => {
    const userCode = code("p");
    const body = {
      userCode,
      password: "Secret-pass-1",
      passwordConfirm: "Secret-pass-1",
      firstName: "Pending",
      lastName: "User",
      birthDate: "01/02/1990",
      email: `${userCode}@example.test`,
      language: "it",
      conditionsAccepted: "true",
      activationUrl: `${api.url}/activate?token=\${token}`,
    };
    assert.equal((await register(api, body, publicToken)).status, 201);
    const res = await requestRenew({ userCode: body.userCode, confirmationUrl: `${api.url}/renew?t=\${token}` });
    assert.equal(res.status, 200, res.text);
    // the mail is in the user's language
    const mail = await waitForMail(mailDir, body.email, (m) => m.subject === "Reimposta la password Kinora");
    const token = new URL(firstLink(mail)).searchParams.get("t") ?? "";
    assert.equal(
      (await api.post(CONFIRM, { token, newPassword: "Renewed-pass-9", passwordConfirm: "Renewed-pass-9" }, { token: publicToken })).status,
      204,
    );
    assertOAuthError(
      await login(api, body.userCode, "Renewed-pass-9"),
      400,
      "invalid_grant",
      "User account is not activated: follow the link in the activation mail",
    );
  });
});

describe("password renew: failures", () => {
  test("request: userCode or email required; confirmationUrl must be an http(s) URL containing ${token}", async () => {
    assertValidation(await requestRenew({}), RENEW, [
      { field: "userCode", defaultMessage: "give either userCode or email" },
      { field: "confirmationUrl", defaultMessage: "is required" },
    ]);
    assertValidation(await requestRenew({ userCode: "someone", confirmationUrl: "https://client.example/renew" }), RENEW, [
      { field: "confirmationUrl", defaultMessage: "must be an http(s) URL containing ${token}" },
    ]);
    assertValidation(
      await requestRenew({ email: "not-an-email", confirmationUrl: "ftp://client.example/${token}" }, { "Accept-Language": "it" }),
      RENEW,
      [
        { field: "email", defaultMessage: "deve essere un indirizzo email valido" },
        { field: "confirmationUrl", defaultMessage: "deve essere un URL http(s) che contiene ${token}" },
      ],
      "it",
    );
  });

  test("mail links only to the calling client's origins: www may use the instance's own only (400, no mail, nothing written)", async () => {
    const u = await newUser(api);
    const own = new URL(api.url).origin;
    // a local instance (PUBLIC_URL on 127.0.0.1) answers as localhost at the same port too
    const origins = `${own}, http://localhost:${new URL(own).port}`;
    const expected = (field: string) => [{ field, defaultMessage: `must point to an origin registered for this client: ${origins}` }];
    for (const hostile of [
      "https://attacker.example/x?t=${token}",
      `${own.replace("http://", "https://")}/renew?t=\${token}`, // another scheme is another origin
      `http://${new URL(own).host}@attacker.example/\${token}`, // our host as userinfo
    ]) {
      assertValidation(await requestRenew({ userCode: u.userCode, confirmationUrl: hostile }), RENEW, expected("confirmationUrl"));
    }
    // registration: refused before anything is written, so the same userCode registers afterwards
    const body = registration({ activationUrl: "https://attacker.example/a?t=${token}" });
    assertValidation(await register(api, body, publicToken), "/api/public/user/register", expected("activationUrl"));
    await assert.rejects(
      waitForMail(mailDir, u.email, () => true, 300),
      "no renew mail was sent",
    );
    await assert.rejects(
      waitForMail(mailDir, String(body.email), () => true, 1),
      "no activation mail was sent",
    );
    const again = await register(api, { ...body, activationUrl: `${own}/activate?token=\${token}` }, publicToken);
    assert.equal(again.status, 201, again.text);
    const mail = await waitForMail(mailDir, String(body.email));
    assert.ok(firstLink(mail).startsWith(`${own}/activate?token=`));
  });

  test("request: an unknown user is a 404 (English and Italian), and no mail is sent", async () => {
    const body = { userCode: "nobody-here-at-all", confirmationUrl: `${api.url}/renew?t=\${token}` };
    assertError(await requestRenew(body), 404, "User not found", RENEW);
    assertError(await requestRenew(body, { "Accept-Language": "it" }), 404, "Utente non trovato", RENEW);
    const u = await newUser(api);
    // userCode and email of two different users do not match one account
    const other = await newUser(api);
    assertError(
      await requestRenew({ userCode: u.userCode, email: other.email, confirmationUrl: body.confirmationUrl }),
      404,
      "User not found",
      RENEW,
    );
    await assert.rejects(waitForMail(mailDir, u.email, () => true, 300));
  });

  test("read and confirm: unknown, missing and mismatching input", async () => {
    assertError(
      await api.get(`${RENEW}?token=unknown-token`, { token: publicToken }),
      404,
      "The password renewal link is invalid, used or expired",
      RENEW,
    );
    assertValidation(await api.get(RENEW, { token: publicToken }), RENEW, [{ field: "token", defaultMessage: "is required" }]);
    assertValidation(await api.post(CONFIRM, undefined, { token: publicToken }), CONFIRM, [
      { field: "token", defaultMessage: "is required" },
      { field: "newPassword", defaultMessage: "is required" },
      { field: "passwordConfirm", defaultMessage: "is required" },
    ]);
    assertValidation(
      await api.post(CONFIRM, { token: "x", newPassword: "short", passwordConfirm: "short" }, { token: publicToken }),
      CONFIRM,
      [{ field: "newPassword", defaultMessage: "must be at least 8 characters long" }],
    );
    assertValidation(
      await api.post(
        CONFIRM,
        { token: "x", newPassword: "Renewed-pass-9", passwordConfirm: "Renewed-pass-8" },
        { token: publicToken, headers: { "Accept-Language": "it" } },
      ),
      CONFIRM,
      [{ field: "passwordConfirm", defaultMessage: "deve essere uguale alla password" }],
      "it",
    );
    assertError(
      await api.post(CONFIRM, { token: "x", newPassword: "Renewed-pass-9", passwordConfirm: "Renewed-pass-9" }, { token: publicToken }),
      404,
      "The password renewal link is invalid, used or expired",
      CONFIRM,
    );
  });

  test("no token at all: 401", async () => {
    assertUnauthorized(await api.post(RENEW, { userCode: "x", confirmationUrl: "https://c.example/${token}" }));
    assertUnauthorized(await api.get(`${RENEW}?token=x`));
    assertUnauthorized(await api.post(CONFIRM, { token: "x", newPassword: "Renewed-pass-9", passwordConfirm: "Renewed-pass-9" }));
  });

  test("rate limits: 5 requests per user and hour, then 429 with Retry-After", async () => {
    const u = await newUser(api);
    const body = { userCode: u.userCode, confirmationUrl: `${api.url}/renew?t=\${token}` };
    for (let i = 0; i < 5; i++) assert.equal((await requestRenew(body)).status, 200);
    const limited = await requestRenew(body);
    assert.equal(limited.status, 429, limited.text);
    const retryAfter = Number(limited.headers.get("retry-after"));
    assert.ok(retryAfter >= 1 && retryAfter <= 3600, `Retry-After ${retryAfter}`);
    assertError(limited, 429, `Too many attempts, retry in ${retryAfter} seconds`, RENEW);
  });

  test("rate limits: 30 requests per address and hour, whoever they name", async () => {
    const from = address();
    const body = { userCode: "nobody-here-at-all", confirmationUrl: `${api.url}/renew?t=\${token}` };
    for (let i = 0; i < 30; i++) assert.equal((await requestRenew(body, {}, from)).status, 404);
    const limited = await requestRenew(body, { "Accept-Language": "it" }, from);
    assert.equal(limited.status, 429, limited.text);
    assert.match(limited.body.message, /^Troppi tentativi, riprova tra \d+ secondi$/);
    // another address is not affected
    assert.equal((await requestRenew(body)).status, 404);
  });
});
