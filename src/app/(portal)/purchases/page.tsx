import Link from "next/link";
import type { PurchaseView } from "@/server/domain/payments/list-purchases";
import { Pager, pageIndexFrom } from "@/components/pager";
import { DataTable } from "@/components/data-table";
import { ItemCell } from "@/components/payments/item-cell";
import { formatPrice, formatShortDay } from "@/lib/format";
import { requirePortalCaller } from "@/server/portal/session";
import { BundleSubscriptions, SUBSCRIPTIONS_SHOWN } from "@/components/bundles/bundle-subscriptions";
import { bundlePath } from "@/components/bundles/bundle-period";

export const metadata = { title: "Purchases" };

const PAGE_SIZE = 25;

const COLUMNS = [
  { label: "Date" },
  { label: "Item" },
  { label: "Price", numeric: true },
  { label: "Status" },
  { label: "Link", hiddenLabel: true },
];

type Search = Promise<Record<string, string | string[] | undefined>>;

/** Where a purchase is used: a video's watch page, a bundle's page, the plans; other items have no page yet. */
function purchaseLink(p: PurchaseView): { href: string; label: string } | undefined {
  if (p.kind === "VOD") return { href: `/v/${encodeURIComponent(p.itemId)}`, label: "Watch" };
  if (p.kind === "BUNDLE") return { href: bundlePath(p.itemId), label: "Bundle" };
  if (p.kind === "LICENSE") return { href: "/plans", label: "Plans" };
  return undefined;
}

// GET /purchases - what the signed-in viewer bought (paid, or refunded since), newest first, with a
// link to watch or use it; paged with ?page=.
export default async function PurchasesPage({ searchParams }: { searchParams: Search }) {
  const { caller } = await requirePortalCaller("/purchases");
  const pageIndex = pageIndexFrom((await searchParams).page);
  const [page, subscriptions] = await Promise.all([
    caller.payments.purchases({ pageIndex, pageSize: PAGE_SIZE }),
    caller.bundles.subscriptions({ pageIndex: 0, pageSize: SUBSCRIPTIONS_SHOWN, expiredIncluded: true, sort: "expirationDate" }),
  ]);
  return (
    <div className="container">
      <h1>Purchases</h1>
      <section className="card" aria-labelledby="purchases-title">
        <h2 id="purchases-title" className="visually-hidden">
          What you bought
        </h2>
        {page.items.length > 0 ? (
          <DataTable caption="What you bought, newest first" columns={COLUMNS} stack testId="purchases-table">
            {page.items.map((p) => {
              const link = purchaseLink(p);
              return (
                <tr key={p.trackingId} data-testid="purchase-row">
                  <td data-label="Date" className="table__date">
                    {formatShortDay(p.paidAt)}
                  </td>
                  <ItemCell title={p.title} kind={p.kind} />
                  <td data-label="Price" className="num">
                    {formatPrice(p.amountCents, p.currency)}
                  </td>
                  <td data-label="Status">{p.status === "PAID" ? "Paid" : <span className="badge badge--danger">Refunded</span>}</td>
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
                Nothing on this page. <Link href="/purchases">Back to the newest purchases</Link>
              </>
            ) : (
              "Nothing bought yet. Videos you pay for and plans you buy show up here."
            )}
          </p>
        )}
        <Pager path="/purchases" pageIndex={pageIndex} pageCount={page.pageCount} />
      </section>
      <BundleSubscriptions page={subscriptions} />
    </div>
  );
}
