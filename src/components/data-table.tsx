import type { ReactNode } from "react";

export interface Column {
  label: string;
  /** Amounts and counts: right-aligned, tabular figures. */
  numeric?: boolean;
  /** Named for screen readers only (a column of links). */
  hiddenLabel?: boolean;
}

/**
 * A table of the portal: scrolls sideways when it cannot fit, or (`stack`) turns each row into a
 * small card on a phone, its cells labelled by their data-label (globals.css). The caption is for
 * screen readers; the rows are the children.
 */
export function DataTable({
  caption,
  columns,
  stack = false,
  testId,
  children,
}: {
  caption: string;
  columns: Column[];
  stack?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table className={stack ? "table table--stack" : "table"} data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.numeric ? "num" : undefined}>
                {c.hiddenLabel ? <span className="visually-hidden">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
