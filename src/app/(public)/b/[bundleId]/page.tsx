import type { Metadata } from "next";
import Link from "next/link";
import { cache } from "react";
import { getLocale, getTranslations } from "next-intl/server";
import { ShareDialog } from "@/components/share/share-dialog";
import { previewText, SHARE_PICTURE_WIDTH, sharedPageMetadata } from "@/components/viewer/share-metadata";
import { notFound } from "next/navigation";
import { BundleSubscribe } from "@/components/bundles/bundle-subscribe";
import { bundleAdminPath, bundlePath } from "@/components/bundles/bundle-period";
import { periodWords } from "@/components/viewer/bundle-price";
import { ContentPicture } from "@/components/content-picture";
import { Avatar, creatorName } from "@/components/viewer/avatar";
import { env } from "@/server/env";
import { getPortalSession, getServerCaller, getServerContext } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";
import { formatDuration } from "@/lib/wire";
import { formatAccessTime, formatPrice } from "@/lib/format";
import { creatorPath, posterPath, thumbnailPath, watchPath } from "@/lib/vod-urls";
import { ReportDialog } from "@/components/moderation/report-dialog";
import { TakenDownNotice } from "@/components/moderation/taken-down-notice";
import "@/components/viewer/viewer.css";
import "@/components/bundles/bundles.css";

type Params = Promise<{ bundleId: string }>;

/** The widest an item's picture is shown, in CSS pixels. */
const PICTURE_WIDTH = 160;

/** The bundle with the items the visitor sees (bundles.publicItems), read once per request. */
const loadBundle = cache(async (bundleId: string) => {
  const caller = await getServerCaller();
  return tryCall(() => caller.bundles.publicItems({ bundleId }));
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const bundleId = decodeURIComponent((await params).bundleId);
  const [result, { baseUrl }] = await Promise.all([loadBundle(bundleId), getServerContext()]);
  const t = await getTranslations("bundlePage");
  if (!result.ok) return { title: t("notFound") };
  const { bundle, items } = result.data;
  // its own picture, else its first video's (public: the picture, not the video)
  const image = bundle.thumbnailId
    ? thumbnailPath(bundle.thumbnailId, SHARE_PICTURE_WIDTH)
    : items[0] && posterPath(items[0].vodId, SHARE_PICTURE_WIDTH);
  return sharedPageMetadata({
    title: bundle.name,
    description: previewText(bundle.description, t("description", { count: items.length, name: creatorName(bundle.publisher) })),
    url: baseUrl + bundlePath(bundle.bundleId),
    image: image && baseUrl + image,
  });
}

// GET /b/{bundleId} - a bundle's public page (bundles.publicItems): its videos in order with their
// durations and pictures, its price and period, and Subscribe (through the checkout; back here the
// subscription is activated). Subscribers, and its creator, watch each video on its watch page.
export default async function BundlePage({ params }: { params: Params }) {
  const bundleId = decodeURIComponent((await params).bundleId);
  const [caller, session, ctx, t, locale] = await Promise.all([
    getServerCaller(),
    getPortalSession(),
    getServerContext(),
    getTranslations("bundlePage"),
    getLocale(),
  ]);
  const result = await loadBundle(bundleId);
  if (!result.ok && result.takedownReason !== undefined) return <TakenDownNotice reason={result.takedownReason} />;
  if (!result.ok) notFound();
  const { items, bundle } = result.data;
  // the items also published free (the same video as a FREE or Creative Commons vod): said and linked on their row
  const freeCopies = items.length ? await caller.discovery.freeCopies({ vodIds: items.map((i) => i.vodId) }) : {};
  const own = session?.user.userCode.toLowerCase() === bundle.publisher.userCode.toLowerCase();
  const running =
    session && !own
      ? await tryCall(() =>
          caller.bundles.subscriptions({ bundleId, pageIndex: 0, pageSize: 1, sort: "expirationDate", expiredIncluded: false }),
        )
      : undefined;
  // the viewer's running subscription (the search lists the running ones by default; there is one at most: subscribing again extends it)
  const until = running?.ok ? running.data.items[0]?.expiresAt : undefined;
  const price = formatPrice(bundle.priceCents, env().CURRENCY, locale);
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
        <div className="watch__actions">
          <ShareDialog title={bundle.name} url={ctx.baseUrl + bundlePath(bundle.bundleId)} />
          <ReportDialog targetType="bundle" targetId={bundle.bundleId} signedIn={Boolean(session)} />
        </div>
        <div className="bundle-offer" data-testid="bundle-offer">
          <p>
            <span className="bundle-offer__price">{price}</span>{" "}
            <span className="muted">{t("offer", { period: periodWords(t, bundle), count: items.length })}</span>
          </p>
          {own ? (
            <Link className="button button--secondary" href={bundleAdminPath(bundleId)}>
              {t("manage")}
            </Link>
          ) : until ? (
            <p className="notice notice--success" role="status" data-testid="bundle-subscribed">
              {t("subscribedUntil", { until: formatAccessTime(until, locale) })}
            </p>
          ) : session ? (
            <BundleSubscribe bundleId={bundleId} label={t("subscribe", { price })} />
          ) : (
            <Link className="button" href={loginHref} data-testid="bundle-login">
              {t("logIn")}
            </Link>
          )}
        </div>
      </section>
      <section aria-labelledby="bundle-videos">
        <h2 id="bundle-videos">{t("videos")}</h2>
        {items.length === 0 ? (
          <p className="muted">{t("empty")}</p>
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
                  {freeCopies[item.vodId] && (
                    <span className="bundle-items__free" data-testid="bundle-free-copy">
                      {t.rich("freeCopy", { link: (chunks) => <Link href={watchPath(freeCopies[item.vodId]!.vodId)}>{chunks}</Link> })}
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
