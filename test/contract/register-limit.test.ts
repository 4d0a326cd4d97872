import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { Api } from "../support/api";
import { startKinora, type Kinora } from "../support/server";
import { preparePostgres } from "../../scripts/test-postgres";

// Registration is rate limited per address (supplement §4: 429 with Retry-After), and the address
// is the socket's unless a trusted proxy is configured: a client-sent X-Forwarded-For changes nothing.
describe("registration rate limit", () => {
  let server: Kinora;
  let api: Api;
  let ownDb: { url: string; drop(): Promise<void> } | undefined;
  before(async () => {
    // the counter lives in the database: on PostgreSQL use a database of its own, where no other test registers
    ownDb = process.env.DATABASE_URL ? await preparePostgres() : undefined;
    server = await startKinora({ REGISTER_MAX_PER_WINDOW: "3", TRUST_PROXY: "0", ...(ownDb ? { DATABASE_URL: ownDb.url } : {}) });
    api = new Api(server.url);
  });
  after(async () => {
    await server.stop();
    await ownDb?.drop();
  });

  const body = () => {
    const userCode = `r${randomBytes(5).toString("hex")}`;
    return {
      userCode,
      password: "Secret-pass-1",
      passwordConfirm: "Secret-pass-1",
      firstName: "R",
      lastName: "L",
      birthDate: "01/01/1990",
      email: `${userCode}@example.test`,
      language: "en",
      conditionsAccepted: true,
    };
  };

  test("the fourth registration from one address gets 429 with Retry-After, whatever X-Forwarded-For says", async () => {
    const token = await api.publicToken();
    for (let i = 0; i < 3; i++) {
      const res = await api.post("/api/public/user/register", body(), { token, headers: { "X-Forwarded-For": `198.51.100.${i}` } });
      assert.equal(res.status, 201, res.text);
    }
    const refused = await api.post("/api/public/user/register", body(), {
      token,
      headers: { "X-Forwarded-For": "203.0.113.9", "Accept-Language": "it" },
    });
    assert.equal(refused.status, 429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    assert.ok(retryAfter > 0 && retryAfter <= 3600, `Retry-After ${retryAfter}`);
    assert.equal(refused.body.status, 429);
    assert.equal(refused.body.error, "Too Many Requests");
    assert.equal(refused.body.path, "/api/public/user/register");
    assert.match(refused.body.message, /Troppi tentativi/);
    assert.equal(typeof refused.body.timestamp, "string");
  });
});
