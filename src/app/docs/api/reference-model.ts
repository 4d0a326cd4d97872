import type { OpenApiDocument, OpenApiOperation } from "@/server/rest/openapi";
import type { JsonSchema } from "@/server/rest/openapi-schema";

// Turns the OpenAPI document into what the /docs/api page shows: operations grouped by tag, and
// request schemas flattened into rows of fields (nested fields as profile.firstName, items[].boxId).

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  notes: string;
}

export interface FieldTable {
  /** Set when the body is one of several shapes (the token request). */
  title?: string;
  rows: FieldRow[];
}

export interface OperationView {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  auth: string;
  status: string;
  errors: string[];
  pathParams: string[];
  query: FieldRow[];
  bodyType?: string;
  body: FieldTable[];
}

export interface TagView {
  name: string;
  description?: string;
  operations: OperationView[];
}

const AUTH_LABEL: Record<OpenApiOperation["x-kinora-auth"], string> = {
  public: "public or private token",
  private: "private token",
  none: "none",
  optional: "none, or a public or private token",
  client: "client credentials (HTTP Basic)",
};

export function referenceModel(doc: OpenApiDocument): TagView[] {
  const tags = new Map<string, TagView>(doc.tags.map((t) => [t.name, { name: t.name, description: t.description, operations: [] }]));
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item) as [string, OpenApiOperation][]) {
      const tag = op.tags[0] ?? "Other";
      if (!tags.has(tag)) tags.set(tag, { name: tag, operations: [] });
      tags.get(tag)!.operations.push(operationView(doc, path, method, op));
    }
  }
  return [...tags.values()].filter((t) => t.operations.length);
}

function operationView(doc: OpenApiDocument, path: string, method: string, op: OpenApiOperation): OperationView {
  const statuses = Object.keys(op.responses);
  const success = statuses.filter((s) => s.startsWith("2"));
  const content = op.requestBody?.content ?? {};
  const [bodyType, media] = Object.entries(content)[0] ?? [];
  return {
    id: op.operationId,
    method: method.toUpperCase(),
    path,
    summary: op.summary,
    description: op.description,
    auth: AUTH_LABEL[op["x-kinora-auth"]] ?? op["x-kinora-auth"],
    status: success.join(", "),
    errors: statuses.filter((s) => !s.startsWith("2")),
    pathParams: (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name),
    query: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => row(doc, p.name, p.schema, p.required)),
    bodyType,
    body: media ? bodyTables(doc, media.schema) : [],
  };
}

function resolve(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema {
  let s = schema ?? {};
  for (let i = 0; i < 10 && typeof s.$ref === "string"; i++) {
    const name = s.$ref.replace("#/components/schemas/", "");
    s = doc.components.schemas[name] ?? {};
  }
  return s;
}

function bodyTables(doc: OpenApiDocument, schema: JsonSchema): FieldTable[] {
  const s = resolve(doc, schema);
  const variants = (s.oneOf ?? s.anyOf) as JsonSchema[] | undefined;
  if (variants && !s.properties) {
    return variants.map((v, i) => {
      const r = resolve(doc, v);
      return { title: typeof r.title === "string" ? r.title : `Variant ${i + 1}`, rows: fields(doc, r, "", 0) };
    });
  }
  const rows = fields(doc, s, "", 0);
  return rows.length ? [{ rows }] : [{ rows: [{ name: "(body)", type: typeLabel(doc, s), required: true, notes: notes(s) }] }];
}

/** Rows for the properties of an object schema (merging allOf), nested objects and arrays of objects flattened. */
function fields(doc: OpenApiDocument, schema: JsonSchema, prefix: string, depth: number): FieldRow[] {
  const s = resolve(doc, schema);
  const parts = [s, ...((s.allOf as JsonSchema[] | undefined) ?? []).map((p) => resolve(doc, p))];
  const out: FieldRow[] = [];
  for (const part of parts) {
    const required = new Set((part.required as string[] | undefined) ?? []);
    for (const [key, raw] of Object.entries((part.properties ?? {}) as Record<string, JsonSchema>)) {
      const prop = resolve(doc, raw);
      const name = prefix + key;
      out.push(row(doc, name, prop, required.has(key)));
      if (depth >= 4) continue;
      if (prop.properties || prop.allOf) out.push(...fields(doc, prop, `${name}.`, depth + 1));
      const items = prop.items ? resolve(doc, prop.items as JsonSchema) : undefined;
      if (items?.properties) out.push(...fields(doc, items, `${name}[].`, depth + 1));
    }
  }
  return out;
}

function row(doc: OpenApiDocument, name: string, schema: JsonSchema, required: boolean): FieldRow {
  const s = resolve(doc, schema);
  return { name, type: typeLabel(doc, s), required, notes: notes(s) };
}

function typeLabel(doc: OpenApiDocument, schema: JsonSchema): string {
  const s = resolve(doc, schema);
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  const variants = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (variants) return variants.map((v) => typeLabel(doc, v)).join(" | ");
  const type = Array.isArray(s.type) ? s.type.join(" | ") : typeof s.type === "string" ? s.type : "any";
  if (type === "array") return `array of ${s.items ? typeLabel(doc, s.items as JsonSchema) : "any"}`;
  return typeof s.format === "string" ? `${type} (${s.format})` : type;
}

function notes(s: JsonSchema): string {
  const out: string[] = [];
  if (typeof s.description === "string") out.push(s.description);
  const min = s.minLength as number | undefined;
  const max = s.maxLength as number | undefined;
  if (min !== undefined && max !== undefined) out.push(`${min}-${max} characters`);
  else if (max !== undefined) out.push(`at most ${max} characters`);
  else if (min !== undefined) out.push(`at least ${min} characters`);
  if (s.minimum !== undefined) out.push(`>= ${String(s.minimum)}`);
  if (s.maximum !== undefined) out.push(`<= ${String(s.maximum)}`);
  if (s.maxItems !== undefined) out.push(`at most ${String(s.maxItems)} items`);
  if (typeof s.pattern === "string" && !s.format) out.push(`pattern ${s.pattern}`);
  if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`);
  if (Array.isArray(s.examples) && s.examples.length && !s.description) out.push(`e.g. ${JSON.stringify(s.examples[0])}`);
  return out.join("; ");
}
