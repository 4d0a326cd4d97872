// Helpers of the administration tests (not a test file itself): the tests' administrator, whichever
// test file comes first registers it on the shared server, and the error body staff answers carry.
import assert from "node:assert/strict";
import type { Api, ApiResponse } from "../support/api";
import { TEST_ADMIN } from "../support/server";
import { login, register, registration, type TestUser } from "./users-fixtures";

const ADMIN_PASSWORD = "Admin-pass-1";
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** TEST_ADMIN (an administrator through ADMIN_USERS on every test server), registered once, logged in. */
export async function testAdmin(api: Api): Promise<TestUser> {
  const body = registration({
    userCode: TEST_ADMIN,
    email: `${TEST_ADMIN}@example.test`,
    password: ADMIN_PASSWORD,
    passwordConfirm: ADMIN_PASSWORD,
  });
  const reg = await register(api, body);
  // another test file of the run registered it first
  if (reg.status !== 201) assert.equal(reg.status, 400, reg.text);
  const tokens = await login(api, TEST_ADMIN, ADMIN_PASSWORD);
  assert.equal(tokens.status, 200, tokens.text);
  return {
    userCode: TEST_ADMIN,
    email: String(body.email),
    password: ADMIN_PASSWORD,
    access: tokens.body.access_token,
    refresh: tokens.body.refresh_token,
    user: reg.body,
  };
}

/** The error body of supplement §4 ({timestamp, status, error, message, path}) with this status and path. */
export function assertErrorBody(res: ApiResponse, status: number, path: string): void {
  assert.equal(res.status, status, res.text);
  assert.match(res.body.timestamp, ISO);
  assert.deepEqual([res.body.status, res.body.path, typeof res.body.error, typeof res.body.message], [status, path, "string", "string"]);
}

/** A 451 of a takedown: the error body, the phrase, and the takedown's reason. */
export function assertTakenDown(res: ApiResponse, path: string, reason: string): void {
  assertErrorBody(res, 451, path);
  assert.equal(res.body.error, "Unavailable For Legal Reasons");
  assert.equal(res.body.reason, reason);
}

/** Polls `ok` until it holds, failing with `what` after `timeoutMs` (for what a job does after the answer). */
export async function assertEventually(ok: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    assert.ok(Date.now() < deadline, what);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export { ISO };
