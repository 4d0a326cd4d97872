// Rows that leave the database as one JSON value (large answers: a bundle's items, a cast calendar),
// without a key per value: the one convention for them. A statement's columns are declared once by
// name; the SQL writes them in that order and the decoding reads them back by the same names, so no
// caller counts positions.

/** Rows as arrays of values (json_build_array per row, one json_agg of them): `sql` of the declared columns, `row` of an array. */
export function jsonTuple<Row extends object>(columns: { [K in keyof Row]: string }) {
  const names = Object.keys(columns) as (keyof Row)[];
  return {
    /** json_build_array of the columns, in declaration order. */
    sql: `json_build_array(${names.map((n) => columns[n]).join(", ")})`,
    /** The row an array of the statement holds, by name. */
    row(values: unknown[]): Row {
      const row: Partial<Row> = {};
      for (let i = 0; i < names.length; i++) row[names[i]!] = values[i] as Row[keyof Row];
      return row as Row;
    },
  };
}

/** The values of each column of Row, in the rows' order. */
export type JsonColumnsOf<Row> = { [K in keyof Row]: Row[K][] };

/**
 * Rows as columns (one json_agg per column: its type is worked out once, not per value), of rows
 * read from a subquery in order: `sql` aggregates each declared column, `columns` names them.
 */
export function jsonColumns<Row extends object>(columns: { [K in keyof Row]: string }) {
  const names = Object.keys(columns) as (keyof Row)[];
  return {
    /** json_build_array of one json_agg per column, in declaration order. */
    sql: `json_build_array(${names.map((n) => `json_agg(${columns[n]})`).join(", ")})`,
    /** The columns an array of the statement holds, by name (null aggregates, of no rows, as empty). */
    columns(values: (unknown[] | null)[]): JsonColumnsOf<Row> {
      const out: Partial<JsonColumnsOf<Row>> = {};
      for (let i = 0; i < names.length; i++) out[names[i]!] = (values[i] ?? []) as Row[keyof Row][];
      return out as JsonColumnsOf<Row>;
    },
  };
}

/** The columns `names` of table (or subquery) `alias`, by name: the bare columns of a declaration. */
export const columnsOf = <N extends string>(alias: string, ...names: N[]): Record<N, string> =>
  Object.fromEntries(names.map((n) => [n, `${alias}."${n}"`])) as Record<N, string>;
