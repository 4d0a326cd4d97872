import { sample } from "openapi-sampler";
import type { JsonSchema } from "./openapi-schema";

// Request and response examples for every operation of the OpenAPI document (issue 27 item 6): made
// from the schemas by openapi-sampler (the sampler Redoc itself uses), after string fields the
// schemas leave unexampled got a value of their kind by name, so that an example reads like a
// request a client sends ("mrossi", "2,50") rather than "string".

const UUID = "3f1c2b7e-5d4a-4c1e-9b2a-7e6d5c4b3a21";

/** An example by field name, for string fields without one. */
const BY_NAME: [RegExp, string][] = [
  [/^userCode$/, "mrossi"],
  [/^(password|passwordConfirm|newPassword|oldPassword|currentPassword)$/, "Secret-pass-1"],
  [/^firstName$/, "Mario"],
  [/^lastName$/, "Rossi"],
  [/email$/i, "mario.rossi@example.org"],
  [/^language$/, "en"],
  [/^title$/, "Sunset over the bay"],
  [/^(description|pageDescription)$/, "Ten minutes of the bay at dusk, filmed from the old harbour."],
  [/^(name|pageTitle)$/, "Harbour films"],
  [/^queryString$/, "sunset*"],
  [/^(tag|tags)$/, "travel"],
  [/(price|Price|amount|Amount|fee|Fee)/, "2,50"],
  [/(percent|Percent|percentage)$/, "10,00"],
  [/^currency$/, "EUR"],
  [/^country$/, "IT"],
  [/(Url|url|URL)$/, "https://shop.example.org/kinora"],
  [/(Date|date)$/, "15/06/2026"],
  [/(Time|time)$/, "20:30"],
  [/Id$|^id$/, UUID],
];

type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);
const isString = (s: Schema) => s.type === "string" || (Array.isArray(s.type) && s.type.includes("string"));

/** Gives the string fields of `schema` (and of everything in it) an example by name where they have none. */
function annotate(schema: unknown, name?: string): void {
  if (Array.isArray(schema)) return schema.forEach((s) => annotate(s, name));
  if (!isObject(schema)) return;
  const bare = !(
    "examples" in schema ||
    "example" in schema ||
    "enum" in schema ||
    "const" in schema ||
    "default" in schema ||
    "format" in schema
  );
  if (name && bare && isString(schema)) {
    const value = BY_NAME.find(([re]) => re.test(name))?.[1];
    if (value !== undefined) schema.examples = [value];
  }
  if (isObject(schema.properties)) for (const [prop, s] of Object.entries(schema.properties)) annotate(s, prop);
  annotate(schema.items, name);
  for (const key of ["allOf", "oneOf", "anyOf"]) annotate(schema[key], name);
}

/** A sample of `schema`: of a request (read-only fields left out), or of an answer (write-only ones left out). */
const sampled = (schema: unknown, doc: object, answer: boolean): unknown => {
  try {
    return sample(
      schema as Parameters<typeof sample>[0],
      { quiet: true, ...(answer ? { skipWriteOnly: true } : { skipReadOnly: true }) },
      doc,
    );
  } catch {
    return undefined; // a schema the sampler cannot walk: the viewer makes its own sample
  }
};

/** The media types of an operation's request body and of its success answers. */
function mediaOf(op: Schema): { request: Schema[]; success: Schema[] } {
  const contents = (holder: unknown) =>
    isObject(holder) && isObject(holder.content) ? Object.values(holder.content).filter(isObject) : [];
  const responses = isObject(op.responses) ? Object.entries(op.responses) : [];
  return {
    request: contents(op.requestBody),
    success: responses.filter(([status]) => status.startsWith("2")).flatMap(([, response]) => contents(response)),
  };
}

/** Adds `example` to every request body and success response of `doc`'s operations. */
export function addExamples(doc: {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema> };
}): void {
  annotate(Object.values(doc.components.schemas));
  const operations = Object.values(doc.paths).flatMap((item) => Object.values(item).filter(isObject));
  // every schema annotated first: a sample follows $refs into the shared ones
  for (const op of operations) {
    for (const p of Array.isArray(op.parameters) ? op.parameters.filter(isObject) : [])
      if (typeof p.name === "string") annotate(p.schema, p.name);
    const { request, success } = mediaOf(op);
    for (const media of [...request, ...success]) annotate(media.schema);
  }
  for (const op of operations) {
    const { request, success } = mediaOf(op);
    for (const media of request) if (!("example" in media)) media.example = sampled(media.schema, doc, false);
    for (const media of success) if (!("example" in media) && isObject(media.schema)) media.example = sampled(media.schema, doc, true);
  }
}
