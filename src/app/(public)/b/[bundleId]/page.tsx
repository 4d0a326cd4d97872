import Link from "next/link";
import { notFound } from "next/navigation";
import { BundleSubscribe } from "@/components/bundles/bundle-subscribe";
import { bundleAdminPath, bundlePath, periodText } from "@/components/bundles/bundle-period";
import { ContentPicture } from "@/components/content-picture";
import { Avatar, creatorName } from "@/components/viewer/avatar";
import { env } from "@/server/env";
import { getPortalSession, getServerCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";
import { formatDuration } from "@/server/rest/wire";
import { formatDay, formatPrice } from "@/lib/format";
import { creatorPath, watchPath } from "@/lib/vod-urls";
import "@/components/viewer/viewer.css";
import "@/components/bundles/bundles.css";

type Params = Promise<{ bundleId: string }>;

/** The widest an item's picture is shown, in CSS pixels. */
const PICTURE_WIDTH = 160;

export async function generateMetadata({ params }: { params: Params }) {
  const [caller, bundleId] = [await getServerCaller(), decodeURIComponent((await params).bundleId)];
  const bundle = await tryCall(() => caller.bundles.getPublic({ bundleId }));
  return { title: bundle.ok ? bundle.data.name : "Not found" };
}

// GET /b/{bundleId} - a bundle's public page (bundles.publicItems): its videos in order with their
// durations and pictures, its price and period, and Subscribe (through the checkout; back here the
// subscription is activated). Subscribers, and its creator, watch each video on its watch page.
export default async function BundlePage({ params }: { params: Params }) {
  const bundleId = decodeURIComponent((await params).bundleId);
  const [caller, session] = await Promise.all([getServerCaller(), getPortalSession()]);
  const result = await tryCall(() => caller.bundles.publicItems({ bundleId }));
  if (!result.ok) notFound();
  const { items, bundle } = result.data;
  const own = session?.user.userCode.toLowerCase() === bundle.publisher.userCode.toLowerCase();
  const running =
    session && !own
      ? await tryCall(() =>
          caller.bundles.subscriptions({ bundleId, pageIndex: 0, pageSize: 1, sort: "expirationDate", expiredIncluded: false }),
        )
      : undefined;
  // the viewer's running subscription (the search lists the running ones by default; there is one at most: subscribing again extends it)
  const until = running?.ok ? running.data.items[0]?.expiresAt : undefined;
  const price = formatPrice(bundle.priceCents, env().CURRENCY);
  const loginHref = `/login?${new URLSearchParams({ callbackUrl: bundlePath(bundleId) })}`;
  return (
    <div className="container">
      <section className="card">
        <h1 data-testid="bundle-title">{bundle.name}</h1>
        <div className="publisher">
          <Avatar user={bundle.publisher} small />
          <div>
            <Link className="publisher__name" href={creatorPath(bundle.publisher.userCode)}>
              {creatorName(bundle.publisher)}
            </Link>
            <div className="muted">@{bundle.publisher.userCode}</div>
          </div>
        </div>
        {bundle.description && <p className="prewrap">{bundle.description}</p>}
        <div className="bundle-offer" data-testid="bundle-offer">
          <p>
            <span className="bundle-offer__price">{price}</span>{" "}
            <span className="muted">
              for {periodText(bundle)} of every video of this bundle ({items.length === 1 ? "1 video" : `${items.length} videos`})
            </span>
          </p>
          {own ? (
            <Link className="button button--secondary" href={bundleAdminPath(bundleId)}>
              Manage your bundle
            </Link>
          ) : until ? (
            <p className="notice notice--success" role="status" data-testid="bundle-subscribed">
              Subscribed: you can watch every video until {formatDay(until)}.
            </p>
          ) : session ? (
            <BundleSubscribe bundleId={bundleId} label={`Subscribe · ${price}`} />
          ) : (
            <Link className="button" href={loginHref} data-testid="bundle-login">
              Log in to subscribe
            </Link>
          )}
        </div>
      </section>
      <section aria-labelledby="bundle-videos">
        <h2 id="bundle-videos">Videos</h2>
        {items.length === 0 ? (
          <p className="muted">No video in this bundle yet.</p>
        ) : (
          <ol className="bundle-items bundle-playlist" data-testid="bundle-playlist">
            {items.map((item, index) => (
              <li key={item.itemCode} className="bundle-items__row" data-testid="bundle-playlist-item">
                <span className="bundle-items__index">{index + 1}</span>
                <ContentPicture content={item} width={PICTURE_WIDTH} className="bundle-items__thumb" testId="bundle-playlist-picture" />
                <span className="bundle-items__title">
                  <Link href={watchPath(item.vodId)}>{item.title}</Link>
                  <span className="muted">
                    {" · "}
                    <time dateTime={`PT${Math.round(item.durationSeconds ?? 0)}S`}>{formatDuration(item.durationSeconds)}</time>
                  </span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
