const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id as stored (lowercase UUID), or undefined when the text cannot name any row (it never reaches the database). */
export function normalizeUuid(id: unknown): string | undefined {
  return typeof id === "string" && UUID.test(id) ? id.toLowerCase() : undefined;
}
