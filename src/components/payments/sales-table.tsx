import type { SaleView } from "@/server/domain/payments/list-sales";
import { formatPrice, formatShortDay } from "@/lib/format";
import { KIND_LABEL } from "./kind-label";

/** A page of the creator's ledger: what sold (or was refunded), when, to whom, and who got what. */
export function SalesTable({ sales }: { sales: SaleView[] }) {
  return (
    <div className="table-wrap">
      <table className="table table--stack" data-testid="sales-table">
        <caption className="visually-hidden">Your sales, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Item</th>
            <th scope="col">Buyer</th>
            <th scope="col" className="num">
              Gross
            </th>
            <th scope="col" className="num">
              Fee
            </th>
            <th scope="col" className="num">
              Net
            </th>
          </tr>
        </thead>
        <tbody>
          {sales.map((s) => (
            <tr key={s.entryId} data-testid="sale-row">
              <td data-label="Date" className="table__date">
                {formatShortDay(s.date)}
              </td>
              <td className="table__main">
                <span className="table__title">{s.title}</span> <span className="badge">{KIND_LABEL[s.kind]}</span>
                {s.type === "REFUND" && (
                  <>
                    {" "}
                    <span className="badge badge--danger">Refund</span>
                  </>
                )}
              </td>
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
        </tbody>
      </table>
    </div>
  );
}
