// Text that PostgreSQL cannot hold: a NUL character (error 22021 in text columns, refused in jsonb) or
// a lone UTF-16 surrogate (no UTF-8 encoding, so the driver cannot send it). Every operation refuses
// such input once, at its boundary (parseInput), instead of failing in the database with a 500.

const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (s: string): boolean => !UNSTORABLE.test(s);

const isPlainObject = (v: object): boolean => {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * The dotted paths ("profile.firstName", "tags.2") of the strings in `value` that are not storable;
 * plain objects and arrays are walked, anything else (streams, dates, class instances) is left alone.
 */
export function unstorablePaths(value: unknown, path: string[] = [], out: string[] = [], depth = 0): string[] {
  if (typeof value === "string") {
    if (!isStorableText(value)) out.push(path.join(".") || "body");
  } else if (Array.isArray(value) && depth < 16) {
    value.forEach((v, i) => unstorablePaths(v, [...path, String(i)], out, depth + 1));
  } else if (value !== null && typeof value === "object" && isPlainObject(value) && depth < 16) {
    for (const [k, v] of Object.entries(value)) unstorablePaths(v, [...path, k], out, depth + 1);
  }
  return out;
}
