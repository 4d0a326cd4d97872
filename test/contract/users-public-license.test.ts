// GET /api/public/user/{userCode}/overview for the states only the database reaches (on a server of
// its own, patched in between): a paid license expired a moment ago or expiring in a moment, with a
// millisecond part, and a page thumbnail; the exact code and the case-insensitive fallback alike.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { randomUUID } from "node:crypto";
import { Api } from "../support/api";
import { withDatabase } from "../support/database";
import { startKinora, type Kinora } from "../support/server";
import { preparePostgres } from "../../scripts/test-postgres";
import { newUser, type TestUser } from "./users-fixtures";

let server: Kinora;
let ownDb: { url: string; drop(): Promise<void> } | undefined;
let api: Api;
let expired: TestUser;
let expiring: TestUser;
const thumbnailId = randomUUID();

const serverEnv = (): Record<string, string> => (ownDb ? { DATABASE_URL: ownDb.url } : {});

before(async () => {
  ownDb = process.env.DATABASE_URL ? await preparePostgres() : undefined;
  server = await startKinora(serverEnv());
  api = new Api(server.url);
  [expired, expiring] = await Promise.all([newUser(api), newUser(api)]);
  if (!ownDb) await server.stop();
  await withDatabase({ dataDir: server.dataDir, databaseUrl: ownDb?.url }, async (sql) => {
    // a timestamp without time zone holds UTC: a minute's margin either side, whatever the server's zone
    await sql(
      `UPDATE "User" SET "licenseId" = 2, "licenseExpiresAt" = (now() AT TIME ZONE 'UTC') - interval '1 minute 0.123 seconds', "thumbnailId" = $2 WHERE "userCode" = $1`,
      [expired.userCode, thumbnailId],
    );
    await sql(
      `UPDATE "User" SET "licenseId" = 2, "licenseExpiresAt" = (now() AT TIME ZONE 'UTC') + interval '1 minute 0.456 seconds' WHERE "userCode" = $1`,
      [expiring.userCode],
    );
  });
  if (!ownDb) {
    server = await startKinora({ ...serverEnv(), DATA_DIR: server.dataDir });
    api = new Api(server.url);
  }
});

after(async () => {
  await server?.stop();
  await ownDb?.drop();
});

test("licenseExpired follows licenseExpiresAt; thumbnailId is shown; exact and case-insensitive code alike", async () => {
  const token = await api.publicToken();
  for (const [u, body] of [
    [expired, { userCode: expired.userCode, licenseExpired: true, thumbnailId }],
    [expiring, { userCode: expiring.userCode, licenseExpired: false }],
  ] as const) {
    for (const code of [u.userCode, u.userCode.toUpperCase()]) {
      const res = await api.get(`/api/public/user/${code}/overview`, { token });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body, body);
    }
  }
});
