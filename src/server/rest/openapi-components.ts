import type { JsonSchema } from "./openapi-schema";

// The shared parts of the OpenAPI document: error bodies (supplement §4 and the document's OAuth
// shapes), the error responses built on them, the security schemes, and POST /oauth/token, which is
// a route of its own (src/app/oauth/token) rather than a RestRoute.

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

export const errorSchemas: Record<string, JsonSchema> = {
  ErrorBody: {
    type: "object",
    description: "Body of every failure other than the OAuth ones (supplement §4)",
    properties: {
      timestamp: { type: "string", format: "date-time" },
      status: { type: "integer", examples: [404] },
      error: { type: "string", description: "HTTP reason phrase", examples: ["Not Found"] },
      message: { type: "string", description: "Human text in the Accept-Language language (en, it)" },
      path: { type: "string", examples: ["/api/vod/123"] },
      exception: {
        type: "string",
        const: "DataIntegrityViolationException",
        description: "Only on a 409 for a delete blocked by dependants",
      },
    },
    required: ["timestamp", "status", "error", "message", "path"],
  },
  FieldError: {
    type: "object",
    properties: {
      field: { type: "string", examples: ["profile.email"] },
      defaultMessage: { type: "string", examples: ["must be a valid email address"] },
    },
    required: ["field", "defaultMessage"],
  },
  ValidationErrorBody: {
    allOf: [
      ref("ErrorBody"),
      {
        type: "object",
        properties: {
          errors: { type: "array", items: ref("FieldError"), description: "One per invalid field; absent when the body is malformed" },
        },
      },
    ],
  },
  OAuthError: {
    type: "object",
    description: "OAuth 2.0 error (the document's Errors table)",
    properties: {
      error: {
        type: "string",
        enum: [
          "unauthorized",
          "invalid_token",
          "access_denied",
          "invalid_grant",
          "invalid_request",
          "unsupported_grant_type",
          "unauthorized_client",
          "insufficient_scope",
        ],
      },
      error_description: { type: "string", examples: ["Full authentication is required to access this resource"] },
      scope: { type: "string", description: "insufficient_scope only: the API-key scope the operation needs", examples: ["box:write"] },
    },
    required: ["error", "error_description"],
  },
  TokenResponse: {
    type: "object",
    properties: {
      access_token: { type: "string" },
      token_type: { type: "string", const: "bearer" },
      expires_in: { type: "integer", description: "seconds" },
      scope: { type: "string", examples: ["all"] },
      jti: { type: "string" },
      refresh_token: { type: "string", description: "Private tokens only (password and refresh_token grants)" },
    },
    required: ["access_token", "token_type", "expires_in", "scope", "jti"],
  },
};

const json = (schema: JsonSchema) => ({ "application/json": { schema } });

/** The IETF RateLimit header fields every budgeted /api answer carries (README, Request budgets). */
export function rateLimitHeaders(): Record<string, JsonSchema> {
  return {
    "RateLimit-Policy": {
      description: 'The budget: its policy ("api-key", "user", "client" or "anonymous"), quota q and window w in seconds',
      schema: { type: "string", examples: ['"api-key";q=3000;w=60'] },
    },
    RateLimit: {
      description: "Where the budget stands: r requests left, t seconds until it is whole again",
      schema: { type: "string", examples: ['"api-key";r=2987;t=41'] },
    },
  };
}

/** The Idempotency-Key request header of every POST (README, Idempotent requests). */
export const idempotencyKeyParameter: JsonSchema = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "1 to 255 visible ASCII characters (a UUID is a good one). A retry with the same key and the same request within 24 h gets the first answer again (Idempotent-Replayed: true) without a second effect; the same key with another request is a 422, a retry while the first still runs a 409.",
  schema: { type: "string", minLength: 1, maxLength: 255 },
  example: "5f0c2e9a-3a4b-4a1e-9f57-2c8d3e6b7a10",
};
const header = (description: string) => ({ description, schema: { type: "string" } });

/** Shared error responses, by status. */
export const errorResponses: Record<string, JsonSchema> = {
  BadRequest: {
    description: "Validation failed (errors[] lists every invalid field) or the body is malformed",
    content: json(ref("ValidationErrorBody")),
  },
  Unauthorized: {
    description: "No access token (error unauthorized), or an invalid or expired one (error invalid_token)",
    headers: { "WWW-Authenticate": header('Bearer realm="oauth2-resource", error="...", error_description="..."') },
    content: json(ref("OAuthError")),
  },
  Forbidden: {
    description:
      'A public token on a private operation (error access_denied), an API key outside its scopes (error insufficient_scope, with WWW-Authenticate: Bearer error="insufficient_scope", scope="..."), or the license does not allow it (expired, quota used up)',
    content: json({ oneOf: [ref("OAuthError"), ref("ErrorBody")] }),
  },
  NotFound: { description: "No such resource, or another user's private resource", content: json(ref("ErrorBody")) },
  Conflict: {
    description: "The resource's state does not allow it (locked channel, dependants, scheduling rules)",
    content: json(ref("ErrorBody")),
  },
  PayloadTooLarge: { description: "The file is larger than the license's maxVideoSize", content: json(ref("ErrorBody")) },
  TooManyRequests: {
    description:
      "The caller's request budget of the minute is spent (or a limit of its own: registrations, logins); retry after the given number of seconds",
    headers: { "Retry-After": { description: "seconds", schema: { type: "integer" } }, ...rateLimitHeaders() },
    content: json(ref("ErrorBody")),
  },
  UnprocessableEntity: {
    description: "The Idempotency-Key was used before with another request (path or body)",
    content: json(ref("ErrorBody")),
  },
  UnavailableForLegalReasons: {
    description: "Taken down by the instance's moderators; `reason` says why (the data is kept, and may be restored)",
    content: json({ allOf: [ref("ErrorBody"), { type: "object", required: ["reason"], properties: { reason: { type: "string" } } }] }),
  },
  ServiceUnavailable: {
    description: "The payment provider is not configured on this instance, or does not answer now",
    content: json(ref("ErrorBody")),
  },
};

export const responseNameByStatus: Record<number, string> = {
  400: "BadRequest",
  401: "Unauthorized",
  403: "Forbidden",
  404: "NotFound",
  409: "Conflict",
  413: "PayloadTooLarge",
  422: "UnprocessableEntity",
  429: "TooManyRequests",
  451: "UnavailableForLegalReasons",
  503: "ServiceUnavailable",
};

export const securitySchemes: Record<string, JsonSchema> = {
  publicToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description:
      "A public access token (grant_type=client_credentials); a private token is accepted too. Also accepted as the access_token query parameter.",
  },
  privateToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "A private access token (grant_type=password or refresh_token). Also accepted as the access_token query parameter.",
  },
  apiKey: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "kin_…",
    description:
      'An API key (POST /api/user/me/api-keys), sent as Authorization: Bearer kin_…: it acts as its user within its scopes (box:read, box:write, vod:read, vod:write, live:read, live:write, cast:read, cast:write, sales:read, analytics:read, webhooks:write). An operation lists the scope it needs; outside its scopes a key gets 403 with WWW-Authenticate: Bearer error="insufficient_scope".',
  },
  clientCredentials: {
    type: "http",
    scheme: "basic",
    description: "OAuth client id and secret as <CLIENT_ID>:<CLIENT_SECRET>; the public client www has an empty secret (Basic d3d3Og==)",
  },
};

const grant = (grantType: string, fields: Record<string, JsonSchema>, title: string): JsonSchema => ({
  type: "object",
  title,
  properties: {
    grant_type: { type: "string", const: grantType },
    ...fields,
    client_id: { type: "string", description: "Optional repetition of the Basic client id" },
  },
  required: ["grant_type", ...Object.keys(fields)],
});

const noStore = {
  "Cache-Control": { description: "no-store", schema: { type: "string" } },
  Pragma: { description: "no-cache", schema: { type: "string" } },
};

/** POST /oauth/token: public tokens, private tokens, refresh. */
export const oauthTokenPath = {
  post: {
    operationId: "oauthToken",
    tags: ["Authentication"],
    summary: "Issue an access token (public, private) or refresh a private one",
    description:
      "Form body. client_credentials gives a public token; password gives a private token and a refresh token; refresh_token exchanges a refresh token for a new private token (the refresh token returned may differ).",
    "x-kinora-auth": "client",
    security: [{ clientCredentials: [] }],
    requestBody: {
      required: true,
      content: {
        "application/x-www-form-urlencoded": {
          schema: {
            oneOf: [
              grant("client_credentials", {}, "Public access token"),
              grant("password", { username: { type: "string" }, password: { type: "string" } }, "Private access token"),
              grant("refresh_token", { refresh_token: { type: "string" } }, "Refresh"),
            ],
          },
        },
      },
    },
    responses: {
      "200": { description: "The token", headers: noStore, content: json(ref("TokenResponse")) },
      "400": {
        description: "Bad user credentials (invalid_grant, Bad credentials), an unknown grant or a missing field",
        headers: noStore,
        content: json(ref("OAuthError")),
      },
      "401": {
        description:
          "Bad client credentials (supplement §4 body, message Bad credentials), or an invalid or expired refresh token (invalid_token)",
        headers: {
          "WWW-Authenticate": header('Basic realm="oauth2/client", or Bearer error="invalid_token" for a refresh token'),
          ...noStore,
        },
        content: json({ oneOf: [ref("ErrorBody"), ref("OAuthError")] }),
      },
      "429": { $ref: "#/components/responses/TooManyRequests" },
    },
  },
};
