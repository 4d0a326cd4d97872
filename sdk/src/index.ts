// The Kinora SDK: an openapi-fetch client typed by the generated `paths` (schema.ts, made from the
// route tables by scripts/sdk-generate.ts), so a path, its parameters, its body and its answer are
// checked by tsc against the same document the server is built from. What the document cannot say is
// here: the bearer credential on every call, the form-encoded token endpoint, multipart bodies and
// the error bodies as one error type.
import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { components, operations, paths } from "./schema";

export type { components, operations, paths };

export type KinoraClient = Client<paths>;

/** Body of every failure other than the OAuth ones: {timestamp, status, error, message, path}. */
export type ErrorBody = components["schemas"]["ErrorBody"];
/** A 400: ErrorBody with one entry per invalid field. */
export type ValidationErrorBody = components["schemas"]["ValidationErrorBody"];
/** A 401 or 403 of the resource server, and the token endpoint's failures: {error, error_description}. */
export type OAuthErrorBody = components["schemas"]["OAuthError"];
export type TokenResponse = components["schemas"]["TokenResponse"];
/** The token endpoint's form: client_credentials, password or refresh_token. */
export type TokenGrant = operations["oauthToken"]["requestBody"]["content"]["application/x-www-form-urlencoded"];

type Fetch = (input: Request) => Promise<Response>;

export interface KinoraClientOptions {
  /** Where Kinora answers, e.g. https://kinora.example (no /api: the paths carry it). */
  baseUrl: string;
  /**
   * An access token from getToken, or a function giving the current one: it is called before every
   * request, so it may refresh an expired token (getToken with grant_type refresh_token).
   */
  token?: string | (() => string | Promise<string>);
  /** An API key (kin_...): acts as its user within the key's scopes. */
  apiKey?: string;
  /** Another fetch (a test's, a proxy's); the global one by default. */
  fetch?: Fetch;
}

export function createKinoraClient(options: KinoraClientOptions): KinoraClient {
  if (options.token !== undefined && options.apiKey !== undefined)
    throw new TypeError("createKinoraClient: a token or an API key, not both");
  const client = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/+$/, ""), fetch: options.fetch });
  const credential = options.token ?? options.apiKey;
  if (credential !== undefined) client.use(bearer(credential));
  return client;
}

function bearer(credential: string | (() => string | Promise<string>)): Middleware {
  return {
    async onRequest({ request }) {
      // a call that names its own Authorization (another user's token, for once) keeps it
      if (request.headers.has("Authorization")) return;
      const value = typeof credential === "function" ? await credential() : credential;
      request.headers.set("Authorization", `Bearer ${value}`);
    },
  };
}

export interface TokenOptions {
  /** The OAuth client; the public client www (empty secret) by default. */
  clientId?: string;
  clientSecret?: string;
  grant: TokenGrant;
  fetch?: Fetch;
  /** More headers for the request (Accept-Language, for the language of an error's text). */
  headers?: Record<string, string>;
}

/**
 * POST /oauth/token. The endpoint takes a form and the client as HTTP Basic, which a JSON client
 * does not send by itself. Resolves with the token; a refusal throws a KinoraError with its body.
 */
export async function getToken(
  baseUrl: string,
  { clientId = "www", clientSecret = "", grant, fetch, headers }: TokenOptions,
): Promise<TokenResponse> {
  const client = createClient<paths>({ baseUrl: baseUrl.replace(/\/+$/, ""), fetch });
  return unwrap(
    client.POST("/oauth/token", {
      body: grant,
      headers: {
        ...headers,
        // btoa, not Buffer: the SDK runs in browsers too; client ids and secrets are ASCII
        Authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
    }),
  );
}

/**
 * A multipart body (the box upload, thumbnails, captions): a list gives one part per entry (the
 * upload's `tag`), a Blob or File is sent as a file (a File keeps its name), anything else as text.
 * Use it as the call's bodySerializer: client.POST("/api/box", { body, bodySerializer: formData }).
 */
export function formData(body: object): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    for (const part of Array.isArray(value) ? value : [value]) {
      if (part === undefined || part === null) continue;
      if (part instanceof Blob) form.append(name, part);
      else form.append(name, String(part));
    }
  }
  return form;
}

type AnyErrorBody = ErrorBody | ValidationErrorBody | OAuthErrorBody;

/**
 * A refused call: its HTTP status and the documented error body. `body` is the parsed JSON (or the
 * text when the answer was not JSON: a proxy's page), so nothing the server said is lost.
 */
export class KinoraError extends Error {
  readonly status: number;
  readonly body: AnyErrorBody | string | undefined;
  readonly response: Response;

  constructor(response: Response, body: unknown) {
    super(KinoraError.describe(response, body));
    this.name = "KinoraError";
    this.status = response.status;
    this.response = response;
    this.body = body as AnyErrorBody | string | undefined;
  }

  /**
   * The OAuth error code of a 401 or 403 (unauthorized, invalid_token, access_denied,
   * insufficient_scope for an API key without the operation's scope), or of a token refusal.
   * A string rather than the document's list: a newer server may add codes.
   */
  get code(): string | undefined {
    const b = this.body;
    return typeof b === "object" && b !== null && "error_description" in b ? b.error : undefined;
  }

  /** The field errors of a 400 ({field, defaultMessage}); empty for any other failure. */
  get fieldErrors(): components["schemas"]["FieldError"][] {
    const b = this.body;
    return typeof b === "object" && b !== null && "errors" in b && Array.isArray(b.errors) ? b.errors : [];
  }

  private static describe(response: Response, body: unknown): string {
    const b = (typeof body === "object" && body !== null ? body : {}) as { message?: unknown; error_description?: unknown };
    const text =
      typeof b.message === "string" ? b.message : typeof b.error_description === "string" ? b.error_description : String(body ?? "");
    return `${response.status} ${response.statusText}${text ? `: ${text}` : ""}`;
  }
}

/**
 * The answer's data, or a KinoraError: for callers that would rather throw than test `error`.
 * `const me = await unwrap(kinora.GET("/api/user/me"))`
 */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  // a failure with an empty body has no `error` at all: the status decides
  if (!response.ok) throw new KinoraError(response, error);
  return data as T;
}
