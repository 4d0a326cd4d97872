import { z } from "zod";
import { logger } from "@/server/log/logger.mjs";

// Domain zod schemas -> JSON Schema (2020-12, the dialect of OpenAPI 3.1) as REST clients see them.
// The domain speaks ISO dates, ISO instants and numbers; the wire speaks dd/MM/yyyy, {date, time} and
// "2,50" (src/lib/wire.ts converts). A schema is mapped to its wire form when it carries
// `.meta({ wire: "date" | "dateTime" | "money" })`, or when its JSON Schema is an ISO date or
// date-time (format "date"/"date-time", or the yyyy-MM-dd pattern of zIsoDate).

export type JsonSchema = Record<string, unknown>;
export type WireKind = "date" | "dateTime" | "money";

const DATE = { type: "string", format: "dd/MM/yyyy", pattern: "^\\d{1,2}/\\d{1,2}/\\d{4}$", examples: ["15/06/1990"] };

const wireSchemas: Record<WireKind, JsonSchema> = {
  date: DATE,
  dateTime: {
    type: "object",
    description: "Date-time read and written in the X-Service-timezone offset (UTC without the header)",
    properties: {
      date: DATE,
      time: { type: "string", format: "HH:mm:ss", pattern: "^\\d{1,2}:\\d{2}(:\\d{2})?$", examples: ["20:30:00"] },
    },
    required: ["date", "time"],
  },
  money: {
    type: ["string", "number"],
    format: "money",
    description: 'Amount with two decimals: "2,50", "2.50" or 2.5 (responses always write "2,50")',
    examples: ["2,50"],
  },
};

const ISO_DATE_PATTERN = "^\\d{4}-\\d{2}-\\d{2}$";

function wireKindOf(zodSchema: z.ZodType, json: JsonSchema): WireKind | undefined {
  const meta = z.globalRegistry.get(zodSchema) as { wire?: unknown } | undefined;
  if (meta?.wire === "date" || meta?.wire === "dateTime" || meta?.wire === "money") return meta.wire;
  if (json.format === "date" || json.pattern === ISO_DATE_PATTERN) return "date";
  if (json.format === "date-time") return "dateTime";
  return undefined;
}

/** Whether a body may leave the field out: the field's own schema accepts undefined (optional, default, `v ?? x` preprocess). */
function acceptsUndefined(schema: z.ZodType): boolean | undefined {
  try {
    return schema.safeParse(undefined).success;
  } catch {
    return undefined; // async refinements: keep zod's own answer
  }
}

function wireOverride(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const zodSchema = ctx.zodSchema as z.ZodType;
  const json = ctx.jsonSchema;
  const kind = wireKindOf(zodSchema, json);
  if (kind) {
    const keep = { description: json.description, title: json.title };
    for (const key of Object.keys(json)) delete json[key];
    Object.assign(
      json,
      wireSchemas[kind],
      ...Object.entries(keep)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => ({ [k]: v })),
    );
    return;
  }
  delete json.wire;
  // zod writes the safe-integer range for every .int(); it tells a reader nothing
  if (json.minimum === Number.MIN_SAFE_INTEGER) delete json.minimum;
  if (json.maximum === Number.MAX_SAFE_INTEGER) delete json.maximum;
  // zod marks a preprocessed field required even when the preprocess fills it in (pageSize: v ?? 10)
  const def = (zodSchema as { _zod?: { def?: { type?: string; shape?: Record<string, z.ZodType> } } })._zod?.def;
  if (def?.type === "object" && def.shape && json.properties) {
    const required = Object.keys(def.shape).filter((key) => {
      const may = acceptsUndefined(def.shape![key]!);
      return may === undefined ? (json.required as string[] | undefined)?.includes(key) : !may;
    });
    if (required.length) json.required = required;
    else delete json.required;
  }
}

/**
 * The JSON Schema of a request (input side) with the wire formats. Definitions zod extracts
 * (recursion, `.meta({ id })`) are moved into `defs` (components.schemas), named `<prefix><name>`
 * unless they carry an explicit id. Never throws: an unconvertible schema documents as `{}`.
 */
export function requestJsonSchema(schema: z.ZodType, prefix: string, defs: Record<string, JsonSchema>): JsonSchema {
  let out: JsonSchema;
  try {
    out = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12", override: wireOverride }) as JsonSchema;
  } catch (err) {
    logger().warn({ err }, `OpenAPI: schema ${prefix} not convertible`);
    return {};
  }
  delete out.$schema;
  const local = (out.$defs ?? {}) as Record<string, JsonSchema>;
  delete out.$defs;

  const names = new Map<string, string>();
  for (const [name, def] of Object.entries(local)) {
    const explicit = !name.startsWith("__") && (!defs[name] || JSON.stringify(defs[name]) === JSON.stringify(def));
    names.set(name, explicit ? name : `${prefix}_${name.replace(/^_+/, "")}`);
  }
  const selfRef = containsRef(out, "#");
  const rootName = prefix;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== "object") return node;
    const copy: JsonSchema = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref" && typeof v === "string") {
        if (v === "#") copy[k] = `#/components/schemas/${rootName}`;
        else if (v.startsWith("#/$defs/")) copy[k] = `#/components/schemas/${names.get(decodeURIComponent(v.slice(8))) ?? v.slice(8)}`;
        else copy[k] = v;
      } else copy[k] = rewrite(v);
    }
    return copy;
  };
  for (const [name, def] of Object.entries(local)) defs[names.get(name)!] = rewrite(def) as JsonSchema;
  const root = rewrite(out) as JsonSchema;
  if (!selfRef) return root;
  // a recursive root refers to itself as "#", which inside an OpenAPI document means the document
  defs[rootName] = root;
  return { $ref: `#/components/schemas/${rootName}` };
}

function containsRef(node: unknown, ref: string): boolean {
  if (Array.isArray(node)) return node.some((n) => containsRef(n, ref));
  if (!node || typeof node !== "object") return false;
  return Object.entries(node).some(([k, v]) => (k === "$ref" ? v === ref : containsRef(v, ref)));
}

/** Removes properties (path parameters the route fills in) from an object schema and its combinations. */
export function withoutProperties(schema: JsonSchema, names: string[]): JsonSchema {
  if (!names.length) return schema;
  const out: JsonSchema = { ...schema };
  if (out.properties && typeof out.properties === "object") {
    out.properties = Object.fromEntries(Object.entries(out.properties).filter(([k]) => !names.includes(k)));
    if (Array.isArray(out.required)) {
      const required = out.required.filter((k) => !names.includes(k as string));
      if (required.length) out.required = required;
      else delete out.required;
    }
  }
  for (const key of ["allOf", "anyOf", "oneOf"]) {
    if (Array.isArray(out[key])) out[key] = (out[key] as JsonSchema[]).map((s) => withoutProperties(s, names));
  }
  return out;
}
