// Helpers shared by the users-*.test.ts contract tests (not a test file itself).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { Api, type ApiResponse } from "../support/api";
import { sharedKinora } from "../support/server";

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A fresh caller address (X-Forwarded-For), so rate-limit counters of one test never touch another's. */
export const address = () => `10.${[0, 0, 0].map(() => randomBytes(1)[0]).join(".")}`;
export const code = (prefix = "u") => `${prefix}${randomBytes(5).toString("hex")}`;

export async function connect(): Promise<{ api: Api; mailDir: string }> {
  const kinora = await sharedKinora();
  const mailDir = process.env.KINORA_TEST_MAIL_DIR;
  assert.ok(mailDir, "KINORA_TEST_MAIL_DIR is set by scripts/test.ts (SMTP sink)");
  return { api: new Api(kinora.url), mailDir };
}

/** A registration body with every required field (userCode and email fresh). */
export function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const userCode = code();
  return {
    userCode,
    password: "Secret-pass-1",
    passwordConfirm: "Secret-pass-1",
    firstName: "Test",
    lastName: "User",
    birthDate: "15/06/1990",
    email: `${userCode}@example.test`,
    language: "en",
    conditionsAccepted: true,
    ...overrides,
  };
}

/** The User resource right after a registration with `registration()` defaults. */
export function freshUser(userCode: string, email: string, over: { firstName?: string; lastName?: string } = {}) {
  return {
    userCode,
    profile: { firstName: over.firstName ?? "Test", lastName: over.lastName ?? "User", birthDate: "15/06/1990", email, language: "en" },
    finance: { billingAddress: {} },
    features: { transcoderNotifyEnabled: true, vodPublic: true },
  };
}

export interface TestUser {
  userCode: string;
  email: string;
  password: string;
  access: string;
  refresh: string;
  user: any;
}

/**
 * Registers a fresh active user and logs it in, like Api.newUser, but from a fresh caller address:
 * registration is rate limited per address, and this suite registers many users.
 */
export async function newUser(api: Api, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  const body = registration(overrides);
  const from = address();
  const reg = await api.post("/api/public/user/register", body, { token: await api.publicToken(), headers: { "X-Forwarded-For": from } });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${reg.text}`);
  const tokens = await login(api, String(body.userCode), String(body.password), from);
  if (tokens.status !== 200) throw new Error(`login: ${tokens.status} ${tokens.text}`);
  return {
    userCode: String(body.userCode),
    email: String(body.email),
    password: String(body.password),
    access: tokens.body.access_token,
    refresh: tokens.body.refresh_token,
    user: reg.body,
  };
}

/** POST /api/public/user/register from a fresh caller address. */
export async function register(api: Api, body: Record<string, unknown>, token?: string): Promise<ApiResponse> {
  return api.post("/api/public/user/register", body, {
    token: token ?? (await api.publicToken()),
    headers: { "X-Forwarded-For": address() },
  });
}

/** POST /oauth/token with the public client and a chosen caller address. */
export async function postToken(api: Api, form: Record<string, string>, from = address()): Promise<ApiResponse> {
  const res = await fetch(`${api.url}/oauth/token`, {
    method: "POST",
    headers: {
      Authorization: `Basic ${Buffer.from("www:").toString("base64")}`,
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "application/json",
      "X-Forwarded-For": from,
    },
    body: new URLSearchParams(form).toString(),
  });
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text };
}

export const login = (api: Api, username: string, password: string, from = address()) =>
  postToken(api, { grant_type: "password", username, password }, from);

export function assertOAuthError(res: ApiResponse, status: number, error: string, description: string): void {
  assert.equal(res.status, status, res.text);
  assert.deepEqual(res.body, { error, error_description: description });
}

/** 401 of the resource server for a token that no longer counts (disabled account, password changed). */
export function assertInvalidAccessToken(res: ApiResponse, token: string): void {
  assertOAuthError(res, 401, "invalid_token", `Invalid access token: ${token}`);
}

export function assertInvalidRefresh(res: ApiResponse, token: string): void {
  assertOAuthError(res, 401, "invalid_token", `Invalid refresh token: ${token}`);
}

/** Supplement §4 error body: {timestamp, status, error, message, path} (+ errors on 400 validation). */
export function assertError(res: ApiResponse, status: number, message: string, path: string): void {
  assert.equal(res.status, status, res.text);
  assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
  const reason: Record<number, string> = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    409: "Conflict",
    429: "Too Many Requests",
  };
  const { timestamp, ...rest } = res.body;
  assert.match(timestamp, ISO_INSTANT);
  assert.deepEqual(rest, { status, error: reason[status], message, path });
}

/** 400 with exactly these field errors (any order). */
export function assertValidation(
  res: ApiResponse,
  path: string,
  errors: { field: string; defaultMessage: string }[],
  lang: "en" | "it" = "en",
): void {
  assert.equal(res.status, 400, res.text);
  const { timestamp, errors: got, ...rest } = res.body;
  assert.match(timestamp, ISO_INSTANT);
  const message =
    lang === "it"
      ? `Validazione non riuscita: ${errors.length} campo/i non valido/i`
      : `Validation failed: ${errors.length} invalid field(s)`;
  assert.deepEqual(rest, { status: 400, error: "Bad Request", message, path });
  const byField = (a: { field: string }, b: { field: string }) => a.field.localeCompare(b.field);
  assert.deepEqual([...got].sort(byField), [...errors].sort(byField));
}

/** 401 of the resource server without a token. */
export function assertUnauthorized(res: ApiResponse): void {
  assertOAuthError(res, 401, "unauthorized", "Full authentication is required to access this resource");
}

/** 403 of the resource server: a public token on a private path. */
export function assertAccessDenied(res: ApiResponse): void {
  assertOAuthError(res, 403, "access_denied", "Access is denied");
}
