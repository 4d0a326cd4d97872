import { getTranslations } from "next-intl/server";
import { pageIndexFrom } from "@/components/pager";
import { requirePortalCaller } from "@/server/portal/session";
import { BundleSubscriptions, SUBSCRIPTIONS_SHOWN } from "@/components/bundles/bundle-subscriptions";
import { LibraryTickets, LibraryVideos } from "@/components/payments/library-lists";
import { PaymentsTable } from "@/components/payments/payments-table";
import "@/components/payments/payments.css";

export const generateMetadata = async () => ({ title: (await getTranslations("library"))("title") });

const PAGE_SIZE = 25;

type Search = Promise<Record<string, string | string[] | undefined>>;

// GET /library - what the signed-in viewer may watch because they paid for it (videos, live tickets,
// replays, bundle subscriptions), each with its access window and a link to it; then every payment
// they opened, each state named, paged with ?page=. /purchases leads here.
export default async function LibraryPage({ searchParams }: { searchParams: Search }) {
  const { caller } = await requirePortalCaller("/library");
  const pageIndex = pageIndexFrom((await searchParams).page);
  const [library, payments, subscriptions] = await Promise.all([
    caller.payments.library(),
    caller.payments.purchases({ pageIndex, pageSize: PAGE_SIZE }),
    caller.bundles.subscriptions({ pageIndex: 0, pageSize: SUBSCRIPTIONS_SHOWN, expiredIncluded: true, sort: "expirationDate" }),
  ]);
  const now = new Date();
  const t = await getTranslations("library");
  return (
    <div className="container">
      <h1>{t("title")}</h1>
      <LibraryVideos videos={library.videos} now={now} />
      <LibraryTickets tickets={library.tickets} now={now} />
      <BundleSubscriptions page={subscriptions} />
      <PaymentsTable page={payments} pageIndex={pageIndex} path="/library" />
    </div>
  );
}
