// The portal's own register and renew forms (tRPC users.register, users.requestRenew, the anonymous
// "portal" caller) work from every name a local instance answers to: its PUBLIC_URL (the test server's
// http://127.0.0.1:PORT) and localhost at the same port. A foreign origin, or this instance on another
// port or scheme, is still refused, before anything is written or sent. (Another OAuth client's
// mail links keep to its registered origins: oauth.test.ts.)
import assert from "node:assert/strict";
import { before, test } from "node:test";
import { firstLink, waitForMail } from "../support/mailbox";
import { address, connect, newUser, registration } from "./users-fixtures";
import type { Api } from "../support/api";

let api: Api;
let mailDir: string;
let port: string;
before(async () => {
  ({ api, mailDir } = await connect());
  port = new URL(api.url).port;
});

/** A tRPC mutation as the portal's client sends it (superjson), signed out; the status and the data or error. */
async function portalMutation(path: string, input: unknown): Promise<{ status: number; data: any }> {
  const res = await fetch(`${api.url}/api/trpc/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address() },
    body: JSON.stringify({ json: input }),
  });
  const body = await res.json();
  return { status: res.status, data: body.result?.data.json ?? body.error?.json };
}

const loopback = () => [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
const refusedOrigins = () => ["https://attacker.example", `http://localhost:${Number(port) + 1}`, `https://127.0.0.1:${port}`];

/** The field errors of a refused portal call (tRPC's error data carries them as the REST body does). */
const fieldErrorsOf = (data: any): Array<{ field: string; message: string }> => data?.data?.fieldErrors ?? [];

test("the portal's register form: activation links on 127.0.0.1 and localhost are accepted and mailed", async () => {
  for (const origin of loopback()) {
    const body = registration({ activationUrl: `${origin}/activate?token=\${token}`, birthDate: "1990-06-15" });
    const res = await portalMutation("users.register", body);
    assert.equal(res.status, 200, JSON.stringify(res.data));
    const mail = await waitForMail(mailDir, String(body.email));
    assert.ok(firstLink(mail).startsWith(`${origin}/activate?token=`), firstLink(mail));
  }
});

test("the portal's register form: a foreign origin, another port or scheme is refused on activationUrl, nothing registered", async () => {
  for (const origin of refusedOrigins()) {
    const body = registration({ activationUrl: `${origin}/activate?token=\${token}`, birthDate: "1990-06-15" });
    const res = await portalMutation("users.register", body);
    assert.equal(res.status, 400, origin);
    const errors = fieldErrorsOf(res.data);
    assert.deepEqual(
      errors.map((e) => e.field),
      ["activationUrl"],
      JSON.stringify(res.data),
    );
    assert.match(errors[0]!.message, new RegExp(`http://127\\.0\\.0\\.1:${port}, http://localhost:${port}`));
    // nothing was written: the same userCode and e-mail register from the instance's own name
    const again = await portalMutation("users.register", { ...body, activationUrl: `http://localhost:${port}/activate?token=\${token}` });
    assert.equal(again.status, 200, JSON.stringify(again.data));
  }
});

test("the portal's renew form: renew links on 127.0.0.1 and localhost are accepted and mailed; others refused", async () => {
  const u = await newUser(api);
  for (const origin of loopback()) {
    const res = await portalMutation("users.requestRenew", { userCode: u.userCode, confirmationUrl: `${origin}/renew?token=\${token}` });
    assert.equal(res.status, 200, JSON.stringify(res.data));
    const mail = await waitForMail(mailDir, u.email, (m) => m.text.includes(`${origin}/renew?token=`));
    assert.ok(firstLink(mail).startsWith(`${origin}/renew?token=`));
  }
  for (const origin of refusedOrigins()) {
    const res = await portalMutation("users.requestRenew", { email: u.email, confirmationUrl: `${origin}/renew?token=\${token}` });
    assert.equal(res.status, 400, origin);
    assert.deepEqual(
      fieldErrorsOf(res.data).map((e) => e.field),
      ["confirmationUrl"],
    );
  }
});
