import type { SaleView } from "@/server/domain/payments/list-sales";
import { DataTable } from "@/components/data-table";
import { formatPrice, formatShortDay } from "@/lib/format";
import { ItemCell } from "./item-cell";

const COLUMNS = [
  { label: "Date" },
  { label: "Item" },
  { label: "Buyer" },
  { label: "Gross", numeric: true },
  { label: "Fee", numeric: true },
  { label: "Net", numeric: true },
];

/** A page of the creator's ledger: what sold (or was refunded), when, to whom, and who got what. */
export function SalesTable({ sales }: { sales: SaleView[] }) {
  return (
    <DataTable caption="Your sales, newest first" columns={COLUMNS} stack testId="sales-table">
      {sales.map((s) => (
        <tr key={s.entryId} data-testid="sale-row">
          <td data-label="Date" className="table__date">
            {formatShortDay(s.date)}
          </td>
          <ItemCell title={s.title} kind={s.kind}>
            {(s.type === "REFUND" || s.type === "SHARE_REFUND") && <span className="badge badge--danger">Refund</span>}
            {(s.type === "SHARE" || s.type === "SHARE_REFUND") && <span className="badge">License share</span>}
          </ItemCell>
          <td data-label="Buyer">{s.buyer ?? <span className="muted">anonymous</span>}</td>
          <td data-label="Gross" className="num">
            {formatPrice(s.grossCents, s.currency)}
          </td>
          <td data-label="Fee" className="num">
            {formatPrice(s.feeCents, s.currency)}
          </td>
          <td data-label="Net" className="num">
            {formatPrice(s.netCents, s.currency)}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
