import { ChapterList } from "@/components/viewer/chapter-list";
import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { Avatar, creatorName } from "@/components/viewer/avatar";
import { LicenseBadge } from "@/components/vod/license-badge";
import { playerProps, startAtOf, vodPrice } from "@/components/viewer/player-props";
import { VodPlayer } from "@/components/viewer/vod-player";
import { watchMetadata } from "@/components/viewer/watch-metadata";
import type { VodItemView } from "@/server/domain/vod/vod-item-view";
import { env } from "@/server/env";
import { getServerCaller, getServerContext } from "@/server/portal/session";
import { ShareDialog } from "@/components/share/share-dialog";
import { VodGrid } from "@/components/viewer/vod-grid";
import { loadWatchVod } from "@/server/portal/watch-vod";
import { formatDuration } from "@/lib/wire";
import { CC_LICENSES } from "@/lib/creative-commons";
import { formatDay } from "@/lib/format";
import { creatorPath, embedPath, watchPath } from "@/lib/vod-urls";
import { bundlePath } from "@/components/bundles/bundle-period";
import { bundlePriceWords } from "@/components/viewer/bundle-price";
import { ReportDialog } from "@/components/moderation/report-dialog";
import { TakenDownNotice } from "@/components/moderation/taken-down-notice";
import "@/components/viewer/viewer.css";

type Params = Promise<{ vodId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const [{ vod }, ctx] = await Promise.all([loadWatchVod((await params).vodId), getServerContext()]);
  const t = await getTranslations("watch");
  return vod ? watchMetadata(vod, ctx.baseUrl, (name) => t("description", { name })) : { title: t("notFound") };
}

// GET /v/{vodId} - the watch page of a vod: the player (buy and play for pay-per-view), what it is,
// who published it and under which license, and the Report button. 404 unless the visitor may see it
// (vod.getPublic); a vod taken down by the moderators shows the notice instead.
export default async function WatchPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { vod, takedownReason } = await loadWatchVod((await params).vodId);
  if (takedownReason !== undefined) return <TakenDownNotice reason={takedownReason} />;
  if (!vod) notFound();
  const [caller, ctx, { t: startParam }, t, locale] = await Promise.all([
    getServerCaller(),
    getServerContext(),
    searchParams,
    getTranslations("watch"),
    getLocale(),
  ]);
  const [related, freeCopies, chapters] = await Promise.all([
    caller.discovery.related({ vodId: vod.vodId, limit: 9 }),
    vod.bundle ? caller.discovery.freeCopies({ vodIds: [vod.vodId] }) : undefined,
    caller.vod.chapters({ vodId: vod.vodId }),
  ]);
  const freeCopy = freeCopies?.[vod.vodId];
  const price = vodPrice(vod);
  return (
    <div className="container watch">
      {!vod.visible && (
        <p className="notice notice--info" role="note" data-testid="owner-preview">
          {t("ownerPreview", { why: vod.expired ? "expired" : "hidden" })}
        </p>
      )}
      <VodPlayer {...playerProps(vod, false)} startAt={startAtOf(startParam)} />
      <div className="watch__body">
        <div className="watch__main">
          <h1 className="watch__title">{vod.title}</h1>
          <p className="watch__facts muted">
            {vod.durationSeconds !== null && (
              <>
                <time dateTime={`PT${Math.round(vod.durationSeconds)}S`} data-testid="watch-duration">
                  {formatDuration(vod.durationSeconds)}
                </time>
                {" · "}
              </>
            )}
            <span data-testid="watch-views">{t("views", { count: vod.views })}</span>
            {" · "}
            {t("published")} <time dateTime={vod.publishedAt.toISOString()}>{formatDay(vod.publishedAt, locale)}</time>{" "}
            <LicenseBadge vod={vod} currency={env().CURRENCY} />
          </p>
          <ChapterList chapters={chapters} />
          <div className="watch__actions">
            <ShareDialog
              title={vod.title}
              url={ctx.baseUrl + watchPath(vod.vodId)}
              embedUrl={ctx.baseUrl + embedPath(vod.vodId)}
              withTime
            />
            <ReportDialog targetType="vod" targetId={vod.vodId} signedIn={ctx.actor.kind === "user"} />
          </div>
          {vod.bundle && (
            <p className="watch__bundle" data-testid="watch-bundle">
              {t.rich("inBundleLink", {
                name: vod.bundle.name,
                link: (chunks) => <Link href={bundlePath(vod.bundle!.bundleId)}>{chunks}</Link>,
              })}
            </p>
          )}
          {freeCopy && (
            <p className="notice notice--info" data-testid="watch-free-copy">
              {t.rich("freeCopy", { link: (chunks) => <Link href={watchPath(freeCopy.vodId)}>{chunks}</Link> })}
            </p>
          )}
          <div className="publisher">
            <Avatar user={vod.publisher} small />
            <div>
              <Link className="publisher__name" href={creatorPath(vod.publisher.userCode)} data-testid="watch-publisher">
                {creatorName(vod.publisher)}
              </Link>
              <div className="muted">@{vod.publisher.userCode}</div>
            </div>
          </div>
          {vod.description && <p className="prewrap watch__description">{vod.description}</p>}
          {vod.tags.length > 0 && (
            <ul className="watch__tags" aria-label={t("tags")}>
              {vod.tags.map((tag) => (
                <li key={tag}>#{tag}</li>
              ))}
            </ul>
          )}
        </div>
        <aside className="card watch__license" aria-labelledby="license-title">
          <h2 id="license-title">{t("license")}</h2>
          <LicenseText
            vod={vod}
            price={price}
            t={t}
            bundlePrice={vod.bundle && bundlePriceWords(await getTranslations("bundlePage"), vod.bundle, env().CURRENCY, locale)}
          />
        </aside>
      </div>
      <Related vod={vod} related={related} t={t} />
    </div>
  );
}

type WatchWords = Awaited<ReturnType<typeof getTranslations<"watch">>>;

function LicenseText({ vod, price, t, bundlePrice }: { vod: VodItemView; price?: string; t: WatchWords; bundlePrice?: string }) {
  if (vod.licenseType === "CREATIVE_COMMONS" && vod.ccType) {
    const cc = CC_LICENSES[vod.ccType];
    const name = `Creative Commons ${cc.name} 4.0 International`;
    return (
      <div data-testid="watch-license">
        <p>
          <a className="cc-badge" href={cc.url} rel="license noopener" target="_blank" title={name}>
            {cc.code} 4.0
          </a>
        </p>
        <p>
          {t.rich("ccLicense", {
            name,
            link: (chunks) => (
              <a href={cc.url} rel="license noopener" target="_blank">
                {chunks}
              </a>
            ),
          })}
        </p>
      </div>
    );
  }
  if (vod.bundle)
    return (
      <p data-testid="watch-license">
        {t.rich("bundleLicense", {
          name: vod.bundle.name,
          price: bundlePrice ?? "",
          link: (chunks) => <Link href={bundlePath(vod.bundle!.bundleId)}>{chunks}</Link>,
        })}
      </p>
    );
  if (vod.licenseType === "PAY_PER_VIEW")
    return <p data-testid="watch-license">{t("ppvLicense", { price: price ?? "", hours: env().PPV_ACCESS_HOURS })}</p>;
  return <p data-testid="watch-license">{t("freeLicense")}</p>;
}

/** Up next (the first related video), then more from this creator, then other creators' videos. */
function Related({ vod, related, t }: { vod: VodItemView; related: VodItemView[]; t: WatchWords }) {
  const [next, ...rest] = related;
  if (!next) return null;
  const same = (v: VodItemView) => v.publisher.userCode === vod.publisher.userCode;
  const sections = [
    { id: "related-next", title: t("upNext"), vods: [next] },
    { id: "related-creator", title: t("moreFrom", { name: creatorName(vod.publisher) }), vods: rest.filter(same) },
    { id: "related-others", title: t("moreVideos"), vods: rest.filter((v) => !same(v)) },
  ];
  return (
    <div className="watch-related" data-testid="watch-related">
      {sections.map(
        (s) =>
          s.vods.length > 0 && (
            <section key={s.id} aria-labelledby={s.id} data-testid={s.id}>
              <h2 id={s.id}>{s.title}</h2>
              <VodGrid vods={s.vods} withPublisher />
            </section>
          ),
      )}
    </div>
  );
}
