// Registration with an activation URL and GET /api/public/user/activate, over real HTTP and through
// the mail actually sent (SMTP sink): login is refused until the link of the mail is opened.
import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type { Api } from "../support/api";
import { firstLink, waitForMail } from "../support/mailbox";
import {
  assertError,
  assertOAuthError,
  assertUnauthorized,
  assertValidation,
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

const ACTIVATE = "/api/public/user/activate";

async function registerPending(): Promise<{ body: Record<string, unknown>; token: string; user: any }> {
  const body = registration({ activationUrl: `${api.url}/activate?token=\${token}&check=\${token}` });
  const res = await register(api, body, publicToken);
  assert.equal(res.status, 201, res.text);
  const mail = await waitForMail(mailDir, String(body.email), (m) => m.subject === "Activate your Kinora account");
  const link = new URL(firstLink(mail));
  assert.equal(`${link.origin}${link.pathname}`, `${api.url}/activate`);
  const token = link.searchParams.get("token") ?? "";
  assert.match(token, /^[\w-]{43}$/);
  assert.equal(link.searchParams.get("check"), token, "every ${token} is replaced");
  return { body, token, user: res.body };
}

describe("registration with activationUrl, then activation", () => {
  test("login is refused until the mailed link is opened, then works", async () => {
    const { body, token, user } = await registerPending();
    const userCode = String(body.userCode);
    assert.deepEqual(user, freshUser(userCode, String(body.email)));

    const refused = await login(api, userCode, String(body.password));
    assertOAuthError(refused, 400, "invalid_grant", "User account is not activated: follow the link in the activation mail");
    // not public either while pending
    assertError(
      await api.get(`/api/public/user/${userCode}/overview`, { token: publicToken }),
      404,
      "User not found",
      `/api/public/user/${userCode}/overview`,
    );

    const activated = await api.get(`${ACTIVATE}?token=${encodeURIComponent(token)}`, { token: publicToken });
    assert.equal(activated.status, 200, activated.text);
    assert.deepEqual(activated.body, freshUser(userCode, String(body.email)));

    const ok = await login(api, userCode, String(body.password));
    assert.equal(ok.status, 200, ok.text);
    const me = await api.get("/api/user/me", { token: ok.body.access_token });
    assert.equal(me.status, 200, me.text);
    assert.deepEqual(me.body, freshUser(userCode, String(body.email)));
  });

  test("the token is single-use: a second activation is a 404 (English and Italian)", async () => {
    const { token } = await registerPending();
    const path = `${ACTIVATE}?token=${encodeURIComponent(token)}`;
    assert.equal((await api.get(path, { token: publicToken })).status, 200);
    assertError(await api.get(path, { token: publicToken }), 404, "The activation link is invalid or has already been used", ACTIVATE);
    assertError(
      await api.get(path, { token: publicToken, headers: { "Accept-Language": "it-IT,it;q=0.9" } }),
      404,
      "Il link di attivazione non è valido o è già stato usato",
      ACTIVATE,
    );
  });

  test("an unknown token is a 404; a missing or empty token a 400 field error", async () => {
    assertError(
      await api.get(`${ACTIVATE}?token=not-a-real-token`, { token: publicToken }),
      404,
      "The activation link is invalid or has already been used",
      ACTIVATE,
    );
    assertValidation(await api.get(ACTIVATE, { token: publicToken }), ACTIVATE, [{ field: "token", defaultMessage: "is required" }]);
    assertValidation(
      await api.get(`${ACTIVATE}?token=`, { token: publicToken, headers: { "Accept-Language": "it" } }),
      ACTIVATE,
      [{ field: "token", defaultMessage: "è obbligatorio" }],
      "it",
    );
  });

  test("trailing slash, private token accepted on the public path, no token refused", async () => {
    const { token, body } = await registerPending();
    // a private token of another user works on a public path and does not change whose account is activated
    const other = await newUser(api);
    const res = await api.get(`${ACTIVATE}/?token=${encodeURIComponent(token)}`, { token: other.access });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.userCode, body.userCode);
    assertUnauthorized(await api.get(`${ACTIVATE}?token=${encodeURIComponent(token)}`));
  });

  test("an account registered without activationUrl is active at once and gets no mail", async () => {
    const u = await newUser(api);
    assert.deepEqual(u.user, freshUser(u.userCode, u.email));
    await assert.rejects(waitForMail(mailDir, u.email, () => true, 500));
  });
});
