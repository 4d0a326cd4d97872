// Text that PostgreSQL cannot hold: a NUL character (error 22021 in text columns, refused in jsonb) or
// a lone UTF-16 surrogate (no UTF-8 encoding, so the driver cannot send it). Every operation refuses
// such input once, at its boundary (parseInput), instead of failing in the database with a 500.

const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (s: string): boolean => !UNSTORABLE.test(s);

const isPlainObject = (v: object): boolean => {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/** Whether `value` (walked as unstorablePaths does) holds a string that is not storable; allocates nothing. */
function holdsUnstorable(value: unknown, depth: number): boolean {
  if (typeof value === "string") return !isStorableText(value);
  if (depth >= 16 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) {
    for (const v of value as unknown[]) if (holdsUnstorable(v, depth + 1)) return true;
  } else if (isPlainObject(value)) {
    for (const k in value) if (Object.hasOwn(value, k) && holdsUnstorable((value as Record<string, unknown>)[k], depth + 1)) return true;
  }
  return false;
}

/**
 * The dotted paths ("profile.firstName", "tags.2") of the strings in `value` that are not storable;
 * plain objects and arrays are walked, anything else (streams, dates, class instances) is left alone.
 * Every request's input passes here: the paths are built only when there is one to report.
 */
export function unstorablePaths(value: unknown): string[] {
  return holdsUnstorable(value, 0) ? pathsOf(value, [], [], 0) : [];
}

function pathsOf(value: unknown, path: string[], out: string[], depth: number): string[] {
  if (typeof value === "string") {
    if (!isStorableText(value)) out.push(path.join(".") || "body");
  } else if (Array.isArray(value) && depth < 16) {
    value.forEach((v, i) => pathsOf(v, [...path, String(i)], out, depth + 1));
  } else if (value !== null && typeof value === "object" && isPlainObject(value) && depth < 16) {
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...path, k], out, depth + 1);
  }
  return out;
}
