import Link from "next/link";
import type { PurchaseView } from "@/server/domain/payments/list-purchases";
import type { SearchPage } from "@/server/domain/shared/search";
import { DataTable } from "@/components/data-table";
import { Pager } from "@/components/pager";
import { formatPrice, formatShortDay } from "@/lib/format";
import { ItemCell } from "./item-cell";
import { PAYMENT_STATE_LABEL, paymentStateBadge } from "./payment-state";
import { purchaseLink } from "./purchase-link";

const COLUMNS = [
  { label: "Date" },
  { label: "Item" },
  { label: "Price", numeric: true },
  { label: "Status" },
  { label: "Link", hiddenLabel: true },
];

/** Every payment the viewer opened (payments.purchases), newest first, each state named; paged at `path`. */
export function PaymentsTable({ page, pageIndex, path }: { page: SearchPage<PurchaseView>; pageIndex: number; path: string }) {
  return (
    <section className="card library-section" aria-labelledby="payments-title">
      <h2 id="payments-title">Payments</h2>
      {page.items.length > 0 ? (
        <DataTable caption="Your payments, newest first" columns={COLUMNS} stack testId="purchases-table">
          {page.items.map((p) => {
            const link = p.status === "PAID" ? purchaseLink(p.kind, p.itemId) : undefined;
            const badge = paymentStateBadge(p.status);
            return (
              <tr key={p.trackingId} data-testid="purchase-row" data-status={p.status}>
                <td data-label="Date" className="table__date">
                  {formatShortDay(p.paidAt ?? p.createdAt)}
                </td>
                <ItemCell title={p.title} kind={p.kind} />
                <td data-label="Price" className="num">
                  {formatPrice(p.amountCents, p.currency)}
                </td>
                <td data-label="Status">
                  {badge ? <span className={badge}>{PAYMENT_STATE_LABEL[p.status]}</span> : PAYMENT_STATE_LABEL[p.status]}
                </td>
                <td>
                  {link && (
                    <Link href={link.href} aria-label={`${link.label}: ${p.title}`}>
                      {link.label}
                    </Link>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      ) : (
        <p className="muted" data-testid="purchases-empty">
          {page.totalCount > 0 ? (
            <>
              Nothing on this page. <Link href={path}>Back to the newest payments</Link>
            </>
          ) : (
            "No payment yet. Videos, tickets, subscriptions and plans you pay for show up here."
          )}
        </p>
      )}
      <Pager path={path} pageIndex={pageIndex} pageCount={page.pageCount} />
    </section>
  );
}
