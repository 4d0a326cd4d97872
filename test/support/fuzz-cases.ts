// Hostile inputs for the REST fuzz (test/contract/fuzz.test.ts), derived from the OpenAPI document:
// every operation gets malformed bodies, wrong types, NUL and surrogate strings, huge strings, bad
// multipart headers, hostile path parameters and odd query tokens.

export type JsonSchema = Record<string, any>;

export interface OpenApiOperation {
  method: string;
  path: string;
  auth: "public" | "private" | "none" | "client";
  parameters: { name: string; in: "path" | "query" }[];
  /** The request body's media type and schema (refs resolved), if any. */
  body?: { type: string; schema: JsonSchema };
}

/** One request of the fuzz: everything but the token, which the runner adds. */
export interface FuzzCase {
  label: string;
  /** Path with parameters filled in, query included; raw (already encoded). */
  target: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  /** Use no token, or the token as given here (hostile tokens in the query). */
  token?: "none" | "default";
  /**
   * Answered by the request's parsing and validation alone (a malformed JSON document, a value of
   * the wrong type, a bad multipart Content-Type, a garbage header, a token that fails its
   * signature): nothing hostile in it reaches the database (a request that passes carries valid
   * values only), so it runs in one half of the suite only (fuzz.test.ts).
   */
  parseOnly?: boolean;
}

/** Strings no operation may store or choke on. */
export const HOSTILE_STRINGS: Record<string, string> = {
  nul: "a\u0000b",
  "lone surrogate": "x\ud800y",
  "lone low surrogate": "\udc00",
  huge: "h".repeat(100_000),
};

/**
 * Kinds of WRONG_TYPES that validation refuses, or that are ordinary values where a field takes
 * them (a boolean, a null): none is a value the database could choke on, unlike a huge number.
 */
const TYPE_ONLY = new Set(["boolean", "null", "array", "object"]);

/** Values of the wrong type for any field. */
export const WRONG_TYPES: Record<string, unknown> = {
  number: 12345678901234567890,
  "negative number": -1,
  boolean: true,
  null: null,
  array: ["a", 1],
  object: { nested: { $ne: 1 } },
};

/** Path parameter values, already percent-encoded: NUL, bad UTF-8, traversal, huge, control characters. */
export const HOSTILE_SEGMENTS: Record<string, string> = {
  "encoded NUL": "a%00b",
  "bad UTF-8": "%ED%A0%80",
  "bad percent": "%zz",
  traversal: "..%2F..%2Fetc%2Fpasswd",
  "encoded CRLF": "a%0D%0Ab",
  huge: "x".repeat(3000),
  "non-ASCII": "%F0%9F%8E%AC%E2%80%AE",
  quote: "%22%27%3C",
};

/** access_token query values a client or an attacker may send on any protected route. */
export const HOSTILE_QUERY_TOKENS: Record<string, string> = {
  CRLF: "abc%0D%0AX-Injected:%201",
  NUL: "abc%00def",
  DEL: "abc%7F",
  SOH: "%01",
  "non-ASCII": "t%C3%A9st",
  "bidi control": "%E2%80%AEabc",
  quote: "%22abc%5C",
  empty: "",
};

const resolve = (schema: JsonSchema | undefined, components: Record<string, JsonSchema>, depth = 0): JsonSchema => {
  if (!schema || depth > 8) return {};
  if (typeof schema.$ref === "string") return resolve(components[schema.$ref.replace("#/components/schemas/", "")], components, depth + 1);
  if (Array.isArray(schema.allOf)) {
    return schema.allOf.reduce(
      (acc: JsonSchema, s: JsonSchema) => {
        const r = resolve(s, components, depth + 1);
        return { ...acc, ...r, properties: { ...acc.properties, ...r.properties } };
      },
      { properties: {} },
    );
  }
  return schema;
};

/** The operations of an OpenAPI document, with their bodies' schemas resolved. */
export function operationsOf(doc: any): OpenApiOperation[] {
  const out: OpenApiOperation[] = [];
  for (const [path, ops] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(ops)) {
      const content = op.requestBody?.content as Record<string, { schema: JsonSchema }> | undefined;
      const [type, media] = content ? Object.entries(content)[0]! : [];
      out.push({
        method: method.toUpperCase(),
        path,
        auth: op["x-kinora-auth"],
        parameters: (op.parameters ?? []).map((p: any) => ({ name: p.name, in: p.in })),
        body: type && media ? { type, schema: resolve(media.schema, doc.components.schemas) } : undefined,
      });
    }
  }
  return out;
}

/** A plausible value for a schema (so one hostile field is not the only thing wrong with a body). */
export function sample(schema: JsonSchema, components: Record<string, JsonSchema> = {}, depth = 0): unknown {
  const s = resolve(schema, components);
  if (s.examples?.length) return s.examples[0];
  if (Array.isArray(s.enum)) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === "object" || s.properties) {
    if (depth > 3) return {};
    const required: string[] = s.required ?? [];
    return Object.fromEntries(required.map((k) => [k, sample(s.properties?.[k] ?? {}, components, depth + 1)]));
  }
  if (type === "array") return [];
  if (type === "integer" || type === "number") return 1;
  if (type === "boolean") return true;
  if (s.format === "email") return "fuzz@example.test";
  return "fuzz";
}

/** A JSON body of the fuzz, with its label and whether it is parse-only (as FuzzCase). */
type JsonBodyCase = Pick<FuzzCase, "label" | "parseOnly"> & { body: string };

/** The JSON bodies of an operation: malformed documents, then each property (and nested property) made hostile. */
export function jsonBodyCases(op: OpenApiOperation, components: Record<string, JsonSchema>): JsonBodyCase[] {
  const cases: JsonBodyCase[] = [
    { label: "invalid JSON", body: "{", parseOnly: true },
    { label: "truncated JSON", body: '{"a": "', parseOnly: true },
    { label: "JSON array", body: "[1,2]", parseOnly: true },
    { label: "JSON number", body: "42", parseOnly: true },
    { label: "JSON string not holding an object", body: '"hello"', parseOnly: true },
    { label: "JSON string holding invalid JSON", body: '"{ x"', parseOnly: true },
    { label: "deep nesting", body: "[".repeat(5000) + "]".repeat(5000), parseOnly: true },
    { label: "over 1 MiB", body: JSON.stringify({ pad: "p".repeat(1_100_000) }), parseOnly: true },
    { label: "NUL in a key", body: '{"a\\u0000b": 1}' },
    { label: "escaped lone surrogate", body: '{"x": "\\ud800"}' },
  ];
  const schema = op.body?.schema ?? {};
  const base = (sample(schema, components) ?? {}) as Record<string, unknown>;
  const values = { ...HOSTILE_STRINGS, ...WRONG_TYPES };
  for (const [name, propSchema] of Object.entries<JsonSchema>(schema.properties ?? {})) {
    for (const [kind, value] of Object.entries(values)) {
      cases.push({ label: `${name}: ${kind}`, body: JSON.stringify({ ...base, [name]: value }), parseOnly: TYPE_ONLY.has(kind) });
    }
    const nested = resolve(propSchema, components);
    for (const inner of Object.keys(nested.properties ?? {})) {
      const innerBase = (sample(nested, components) ?? {}) as Record<string, unknown>;
      for (const kind of ["nul", "lone surrogate", "huge"]) {
        cases.push({
          label: `${name}.${inner}: ${kind}`,
          body: JSON.stringify({ ...base, [name]: { ...innerBase, [inner]: HOSTILE_STRINGS[kind] } }),
        });
      }
      for (const kind of ["object", "array"]) {
        cases.push({
          label: `${name}.${inner}: ${kind}`,
          body: JSON.stringify({ ...base, [name]: { ...innerBase, [inner]: WRONG_TYPES[kind] } }),
          parseOnly: true,
        });
      }
    }
  }
  return cases;
}

/** Content-Type headers a multipart operation must refuse with a 400 (busboy threw on some of them). */
export const BAD_MULTIPART_TYPES: Record<string, string> = {
  xboundary: "multipart/form-data; xboundary=abc",
  "empty boundary": "multipart/form-data; boundary=",
  "unclosed quote": 'multipart/form-data; boundary="abc',
  "no boundary": "multipart/form-data",
  "boundary too long": `multipart/form-data; boundary=${"b".repeat(200)}`,
  json: "application/json",
  "text/plain": "text/plain",
};

/** A multipart body with the given text fields (NUL and all) and, optionally, a small file part. */
export function multipartOf(fields: Record<string, string>, file?: { name: string; filename: string; data: Buffer }, close = true) {
  const boundary = "fuzzboundary1234";
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const chunks: Buffer[] = [Buffer.from(parts.join(""), "utf8")];
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: new Uint8Array(Buffer.concat(chunks)) as Uint8Array<ArrayBuffer>,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
