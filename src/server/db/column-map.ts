// The columns a statement selects, each with the table columns it reads: one declaration yields the
// SELECT list and the sources a commit-watched cache of its rows watches (commit-cache.ts), so the
// two cannot drift apart.
import type { WatchedTable } from "./commit-cache";

/** Table columns read: table name → column names. */
export type Reads = Record<string, readonly string[]>;

/** One selected column: its SQL expression and the table columns it reads. */
export interface Column {
  sql: string;
  reads: Reads;
}

/** A column for each named field of `Row` (its index signature aside): a map that must match the row type. */
export type ColumnsOf<Row> = { [K in keyof Row as string extends K ? never : number extends K ? never : K]: Column };

/** A table under an alias in a statement: its columns (`col`), and what a join or filter on it reads (`reads`). */
export function tableAs(table: string, alias: string) {
  return {
    col: (column: string, cast = ""): Column => ({ sql: `${alias}."${column}"${cast}`, reads: { [table]: [column] } }),
    reads: (...columns: string[]): Reads => ({ [table]: columns }),
  };
}

/** A computed column: `sql` and everything it reads (subqueries included). */
export const expr = (sql: string, ...reads: Reads[]): Column => ({ sql, reads: merge(reads) });

function merge(reads: Reads[]): Reads {
  const out: Record<string, string[]> = {};
  for (const r of reads) for (const [table, columns] of Object.entries(r)) out[table] = [...new Set([...(out[table] ?? []), ...columns])];
  return out;
}

/** Reads as the tables a cache watches. */
export const watchedTables = (...reads: Reads[]): WatchedTable[] =>
  Object.entries(merge(reads)).map(([table, columns]) => ({ table, columns: [...columns] }));

export interface ColumnMap<K extends string> {
  /** The SELECT list: every column AS its name (a bare column of the same name as is). */
  select: string;
  /** Every table column the list reads, and what its statement's joins and filters read. */
  reads: Reads;
  names: K[];
}

/** The SELECT list and sources of `columns`; `also`: what the joins and filters of the statements selecting them read. */
export function columnMap<K extends string>(columns: Record<K, Column>, ...also: Reads[]): ColumnMap<K> {
  const entries = Object.entries(columns) as [K, Column][];
  const select = entries.map(([name, { sql }]) => (sql.endsWith(`."${name}"`) && /^\w+\."[^"]+"$/.test(sql) ? sql : `${sql} AS "${name}"`));
  return { select: select.join(", "), reads: merge([...entries.map(([, c]) => c.reads), ...also]), names: entries.map(([name]) => name) };
}
