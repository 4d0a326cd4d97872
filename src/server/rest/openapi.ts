import { scopeIn, type RestRoute, type RestRouteGroup } from "./route";
import { requestJsonSchema, withoutProperties, type JsonSchema } from "./openapi-schema";
import {
  errorResponses,
  errorSchemas,
  idempotencyKeyParameter,
  oauthTokenPath,
  rateLimitHeaders,
  responseNameByStatus,
  securitySchemes,
} from "./openapi-components";
import { addExamples } from "./openapi-examples";

// The OpenAPI 3.1 document of the REST interface, built from the same route tables the dispatcher
// serves, so it cannot list an operation that does not exist or miss one that does. The tables,
// with the Meta group that serves the document and the built copy, are in routes/index.ts.

export interface OpenApiParameter {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: (OpenApiParameter | { $ref: string })[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema; example?: unknown }> };
  responses: Record<string, JsonSchema>;
  /** Who may call it: public, private, none (no token), client (OAuth client credentials). */
  "x-kinora-auth": RestRoute["auth"] | "client";
}

export interface OpenApiDocument {
  openapi: string;
  jsonSchemaDialect: string;
  info: { title: string; version: string; description: string };
  tags: { name: string; description?: string }[];
  paths: Record<string, Partial<Record<"get" | "post" | "delete", OpenApiOperation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
    parameters: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

const DESCRIPTION = [
  "The REST interface of Kinora. Bodies are JSON (UTF-8) except the token request (form) and the box upload (multipart).",
  "Public operations (/api/public/...) take a public or a private access token, private operations (/api/...) a private one, as `Authorization: Bearer <token>` or the `access_token` query parameter; tokens come from POST /oauth/token.",
  "An API key (`kin_…`, made at POST /api/user/me/api-keys) is sent the same way and acts as its user within its scopes: each operation names the scope it needs. Every /api answer carries `RateLimit-Policy` and `RateLimit` (the IETF RateLimit header fields): a minute's budget per API key, per user of an OAuth client, per confidential client, and per address without such a credential; a spent budget answers 429 with `Retry-After`. Every POST takes an `Idempotency-Key`.",
  'Dates are `dd/MM/yyyy`, date-times `{date, time}` in the offset given by `X-Service-timezone` (milliseconds east of UTC), money `"2,50"`, durations `m:ss`. Booleans and numbers may arrive as strings, unknown fields are ignored, a trailing slash is accepted, `Accept-Language` (en, it) selects the language of messages.',
].join("\n\n");

const VERSION = "0.1.0";

const paramNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** Input fields a path parameter fills under another name: a cast day's {yyyyMMdd} is the operation's `date` (routes/cast.ts). */
const PATH_INPUTS: Record<string, string> = { yyyyMMdd: "date" };
const pathInputs = (params: string[]) => params.flatMap((p) => (PATH_INPUTS[p] ? [p, PATH_INPUTS[p]] : [p]));

/** getPublicUserByUserCodeOverview for GET /api/public/user/{userCode}/overview. */
function operationId(r: RestRoute): string {
  const words = r.path
    .replace(/^\/api\//, "/")
    .split(/[/.\-_]+/)
    .filter(Boolean)
    .map((seg) => {
      const param = /^\{(\w+)\}$/.exec(seg);
      return param ? `By${cap(param[1]!)}` : cap(seg);
    });
  return r.method.toLowerCase() + words.join("");
}
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The credentials an operation takes; an API key with the scope its group's operation needs (api-scopes.ts). */
function security(r: RestRoute, scopes: RestRouteGroup["scopes"]): Record<string, string[]>[] {
  const scope = scopeIn(r, scopes);
  const key = scope ? [{ apiKey: [scope] }] : [];
  if (r.auth === "none") return [];
  if (r.auth === "private") return [{ privateToken: [] }, ...key];
  // an empty requirement: no token at all is accepted too; an API key without a scope
  if (r.auth === "optional") return [{}, { publicToken: [] }, { privateToken: [] }, ...(scope ? key : [{ apiKey: [] }])];
  return [{ publicToken: [] }, { privateToken: [] }, ...key];
}

/** The REST interface proper: its answers spend request budgets (api-budget.ts). */
const budgeted = (r: RestRoute) => r.path.startsWith("/api/");

function errorStatuses(r: RestRoute, scopes: RestRouteGroup["scopes"]): number[] {
  const statuses = new Set<number>(r.errors ?? []);
  if (budgeted(r)) statuses.add(429);
  if (r.method === "POST") statuses.add(422); // an Idempotency-Key used with another request
  if (r.method === "POST" || r.requestSchema) statuses.add(400);
  if (r.auth !== "none") statuses.add(401); // "optional": a token that is invalid
  if (r.auth === "private" || scopeIn(r, scopes)) statuses.add(403); // a public token, or an API key outside its scopes
  if (paramNames(r.path).length) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

function buildOperation(r: RestRoute, group: RestRouteGroup, schemas: Record<string, JsonSchema>): OpenApiOperation {
  const id = operationId(r);
  const pathParams = paramNames(r.path);
  const parameters: NonNullable<OpenApiOperation["parameters"]> = pathParams.map((name) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  let requestBody: OpenApiOperation["requestBody"];
  if (r.requestSchema) {
    const input = withoutProperties(requestJsonSchema(r.requestSchema, cap(id), schemas), pathInputs(pathParams));
    if (r.method === "POST") {
      requestBody = {
        required: Array.isArray(input.required) && input.required.length > 0,
        content: { [r.rawBody ? "multipart/form-data" : "application/json"]: { schema: input } },
      };
    } else {
      const required = Array.isArray(input.required) ? (input.required as string[]) : [];
      for (const [name, schema] of Object.entries((input.properties ?? {}) as Record<string, JsonSchema>)) {
        parameters.push({ name, in: "query", required: required.includes(name), schema });
      }
    }
  }
  if (r.method === "POST") parameters.push({ $ref: "#/components/parameters/IdempotencyKey" });
  const success: JsonSchema = { description: successPhrase[r.status] };
  if (budgeted(r)) success.headers = rateLimitHeaders();
  if (r.status === 302)
    success.headers = {
      ...(success.headers as object | undefined),
      Location: { description: "where to go", schema: { type: "string", format: "uri" } },
    };
  else if (r.status !== 204) success.content = { [r.contentType ?? "application/json"]: { schema: r.responseSchema ?? {} } };
  const responses: Record<string, JsonSchema> = { [String(r.status)]: success };
  for (const status of errorStatuses(r, group.scopes))
    responses[String(status)] = { $ref: `#/components/responses/${responseNameByStatus[status]}` };
  return {
    operationId: id,
    summary: r.summary,
    tags: [group.tag],
    security: security(r, group.scopes),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    "x-kinora-auth": r.auth,
  };
}

const successPhrase: Record<number, string> = { 200: "OK", 201: "Created", 202: "Accepted", 204: "No Content", 302: "Found" };

export function buildOpenApi(groups: RestRouteGroup[]): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = { ...errorSchemas };
  const paths: OpenApiDocument["paths"] = { "/oauth/token": oauthTokenPath as OpenApiDocument["paths"][string] };
  for (const group of groups) {
    for (const r of group.routes) {
      const method = r.method.toLowerCase() as "get" | "post" | "delete";
      (paths[r.path] ??= {})[method] = buildOperation(r, group, schemas);
    }
  }
  // a copy: the examples are added to it, not to the shared schemas it is built from
  const doc: OpenApiDocument = structuredClone({
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: { title: "Kinora REST API", version: VERSION, description: DESCRIPTION },
    tags: [
      { name: "Authentication", description: "OAuth 2.0 tokens" },
      ...groups.map((g) => ({ name: g.tag, ...(g.description ? { description: g.description } : {}) })),
    ],
    paths,
    components: { schemas, responses: errorResponses, parameters: { IdempotencyKey: idempotencyKeyParameter }, securitySchemes },
  });
  addExamples(doc);
  return doc;
}
