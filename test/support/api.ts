// A small REST client for contract tests: real HTTP against the running server.
import { randomBytes } from "node:crypto";

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  /** Sent as-is (string) instead of JSON.stringify(body). */
  raw?: string;
}

export class Api {
  constructor(readonly url: string) {}

  async call<T = any>(method: string, path: string, body?: unknown, opts: CallOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { Accept: "application/json", ...opts.headers };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    let payload: string | undefined = opts.raw;
    if (payload === undefined && body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined && !headers["Content-Type"]) headers["Content-Type"] = "application/json";
    const res = await fetch(this.url + path, { method, headers, body: payload, redirect: "manual" });
    const text = await res.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get = <T = any>(path: string, opts?: CallOptions) => this.call<T>("GET", path, undefined, opts);
  post = <T = any>(path: string, body?: unknown, opts?: CallOptions) => this.call<T>("POST", path, body, opts);
  delete = <T = any>(path: string, opts?: CallOptions) => this.call<T>("DELETE", path, undefined, opts);

  /** POST /oauth/token with form fields and HTTP Basic client credentials (default: the public client `www`). */
  async token(form: Record<string, string>, client: { id: string; secret: string } = { id: "www", secret: "" }): Promise<ApiResponse> {
    const res = await fetch(this.url + "/oauth/token", {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString("base64")}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: new URLSearchParams(form).toString(),
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: res.status, headers: res.headers, body, text };
  }

  async publicToken(): Promise<string> {
    const res = await this.token({ grant_type: "client_credentials" });
    if (res.status !== 200) throw new Error(`public token: ${res.status} ${res.text}`);
    return res.body.access_token as string;
  }

  async login(username: string, password: string): Promise<{ access: string; refresh: string }> {
    const res = await this.token({ grant_type: "password", username, password });
    if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${res.text}`);
    return { access: res.body.access_token, refresh: res.body.refresh_token };
  }

  /** Registers a fresh active user (no activation URL) and logs it in. */
  async newUser(
    overrides: Record<string, unknown> = {},
  ): Promise<{ userCode: string; email: string; password: string; access: string; refresh: string; user: any }> {
    const userCode = `u${randomBytes(5).toString("hex")}`;
    const password = "Secret-pass-1";
    const body = {
      userCode,
      password,
      passwordConfirm: password,
      firstName: "Test",
      lastName: "User",
      birthDate: "15/06/1990",
      email: `${userCode}@example.test`,
      language: "en",
      conditionsAccepted: true,
      ...overrides,
    };
    const res = await this.post("/api/public/user/register", body, { token: await this.publicToken() });
    if (res.status !== 201) throw new Error(`register: ${res.status} ${res.text}`);
    const tokens = await this.login(String(body.userCode), password);
    return { userCode: String(body.userCode), email: String(body.email), password, ...tokens, user: res.body };
  }
}
