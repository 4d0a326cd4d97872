import type { DirectRead } from "@/server/db/sql-runner";

// How a bundle keeps its order (the ordered-bundle operations: insert, move, remove by index).
//
// Each item has an integer `position`; the order is ascending position. Positions are sparse: a
// renumbering leaves POSITION_GAP between neighbours, so an insert or a move takes a free integer
// between its new neighbours and writes only the rows it adds or moves; a remove writes nothing but
// the deletes. Only when two neighbours have no integer left between them (about log2(GAP) = 10
// moves into the same gap) or a position would leave the int range is the bundle renumbered, in
// one UPDATE, leaving room where the new items go. A move therefore costs one row almost always
// (bench/bundle-move.ts: a bundle of 1,000 items). Integers rather than fractions (floats, strings)
// keep the column small, exact and cheap to compare; the rare renumbering is the price.
// Every change to a bundle's items holds the bundle's row lock (lockOwnBundle), so two writers never
// compute positions from the same reading. The statements run through `query`, the transaction's
// (a Prisma transaction's queryOf, or a DirectTransaction's).

export const POSITION_GAP = 1024;
const POSITION_MIN = -(2 ** 31);
const POSITION_MAX = 2 ** 31 - 1;
/** The most items a bundle holds: a renumbered bundle stays far inside the int range. */
export const MAX_BUNDLE_ITEMS = 100_000;

/**
 * `count` increasing integers strictly between `before` and `after` (absent: the list's start or
 * end), spread evenly; undefined when there is no room (then the bundle is renumbered).
 */
export function positionsBetween(before: number | undefined, after: number | undefined, count: number): number[] | undefined {
  const at = (first: number, step: number) => Array.from({ length: count }, (_, i) => first + i * step);
  if (before === undefined && after === undefined) return at(POSITION_GAP, POSITION_GAP);
  if (before === undefined) {
    const first = after! - count * POSITION_GAP;
    return first >= POSITION_MIN ? at(first, POSITION_GAP) : undefined;
  }
  if (after === undefined) {
    const last = before + count * POSITION_GAP;
    return last <= POSITION_MAX ? at(before + POSITION_GAP, POSITION_GAP) : undefined;
  }
  const step = Math.floor((after - before) / (count + 1));
  return step >= 1 ? at(before + step, step) : undefined;
}

/**
 * Renumbers a bundle's items GAP apart in their order, leaving `holeSize` free slots before the
 * item at index `holeAt` (0-based); returns the positions of those slots.
 */
export async function renumber(query: DirectRead, bundleId: string, holeAt: number, holeSize: number): Promise<number[]> {
  await query(
    `UPDATE "BundleItem" i SET "position" = (r.n + CASE WHEN r.n > $2 THEN $3 ELSE 0 END) * $4
    FROM (SELECT "id", row_number() OVER (ORDER BY "position") AS n FROM "BundleItem" WHERE "bundleId" = $1::uuid) r
    WHERE i."id" = r."id"`,
    [bundleId, holeAt, holeSize, POSITION_GAP],
  );
  return Array.from({ length: holeSize }, (_, i) => (holeAt + 1 + i) * POSITION_GAP);
}

/** An item as the index operations see it: its place in the order (0-based) and its position. */
export type OrderedItem = {
  id: string;
  vodId: string;
  position: number;
  index: number;
};

/**
 * The items at some places of a bundle's order (indexes, or the range [from, to)), and how many
 * items it holds: one statement that numbers the rows in the database (an index scan of the
 * bundle's positions) and sends back only those asked for, however large the bundle.
 */
export async function itemsAt(
  query: DirectRead,
  bundleId: string,
  pick: { indexes: number[] } | { from: number; to: number },
): Promise<{ count: number; at: (index: number) => OrderedItem | undefined; rows: OrderedItem[] }> {
  const [where, params] =
    "indexes" in pick ? [`o.n = ANY($2::bigint[])`, [pick.indexes]] : [`o.n >= $2 AND o.n < $3`, [pick.from, pick.to]];
  const rows = await query<OrderedItem & { count: number }>(
    `SELECT o."id"::text AS id, o."vodId"::text AS "vodId", o."position", o.n::int AS index, o.total::int AS count
    FROM (SELECT "id", "vodId", "position", row_number() OVER (ORDER BY "position") - 1 AS n, count(*) OVER () AS total
          FROM "BundleItem" WHERE "bundleId" = $1::uuid) o
    WHERE ${where} ORDER BY o.n`,
    [bundleId, ...params],
  );
  const count = rows[0]?.count ?? (await countItems(query, bundleId));
  const byIndex = new Map(rows.map((r) => [r.index, r]));
  return { count, at: (index) => byIndex.get(index), rows };
}

/** How many items a bundle holds. */
export async function countItems(query: DirectRead, bundleId: string): Promise<number> {
  const [row] = await query<{ count: number }>(`SELECT count(*)::int AS count FROM "BundleItem" WHERE "bundleId" = $1::uuid`, [bundleId]);
  return row?.count ?? 0;
}

/**
 * `count` positions for new or moved items before the item at `index` (index = the item count: at
 * the end); `known` gives the items around it when the caller has read them already.
 */
export async function slotsAt(
  query: DirectRead,
  bundleId: string,
  index: number,
  count: number,
  known?: (index: number) => OrderedItem | undefined,
): Promise<number[]> {
  const at = known ?? (await itemsAt(query, bundleId, { indexes: [index - 1, index] })).at;
  return positionsBetween(at(index - 1)?.position, at(index)?.position, count) ?? renumber(query, bundleId, index, count);
}
