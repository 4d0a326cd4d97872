import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { CatalogResults } from "@/components/discovery/catalog-results";
import { LinkTabs } from "@/components/discovery/link-tabs";
import { Pager } from "@/components/pager";
import { Avatar } from "@/components/viewer/avatar";
import { LISTING_PAGE_SIZE, listingQuery, VodListing } from "@/components/viewer/vod-listing";
import type { PublicUser } from "@/server/domain/users/public-user";
import { getServerCaller, getPortalSession } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";
import { creatorPath } from "@/lib/vod-urls";
import { ReportDialog } from "@/components/moderation/report-dialog";
import { TakenDownNotice } from "@/components/moderation/taken-down-notice";
import "@/components/viewer/viewer.css";

type Params = Promise<{ userCode: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }) {
  return { title: decodeURIComponent((await params).userCode) };
}

const isHttpUrl = (s: string) => /^https?:\/\//i.test(s);

/** The page's tabs (`?tab=`; none is the videos tab, so /u/{userCode} stays what it was). */
const TABS = ["videos", "live", "channels", "bundles", "about"] as const;
type Tab = (typeof TABS)[number];
const tabOf = (v: string | string[] | undefined): Tab => TABS.find((t) => t === (Array.isArray(v) ? v[0] : v)) ?? "videos";
const tabPath = (userCode: string, tab: Tab) => (tab === "videos" ? creatorPath(userCode) : `${creatorPath(userCode)}?tab=${tab}`);

// GET /u/{userCode}?tab=&q=&page= - a creator's public page (users.publicOverview) with tabs: their
// videos (searchable; not a bundle's copies, which are in their bundle), live channels, cast channels,
// bundles (discovery.search with their userCode), and about (description and links).
export default async function CreatorPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const userCode = decodeURIComponent((await params).userCode);
  const search = await searchParams;
  const tab = tabOf(search.tab);
  const query = listingQuery(search);
  const [caller, session, t, ts] = await Promise.all([
    getServerCaller(),
    getPortalSession(),
    getTranslations("creator"),
    getTranslations("search"),
  ]);
  const type = tab === "about" ? undefined : tab;
  const [result, listed] = await Promise.all([
    tryCall(() => caller.users.publicOverview({ userCode })),
    type &&
      caller.discovery.search({
        userCode,
        type,
        queryString: type === "videos" ? query.q : undefined,
        pageIndex: query.pageIndex,
        pageSize: LISTING_PAGE_SIZE,
      }),
  ]);
  if (!result.ok && result.takedownReason !== undefined) return <TakenDownNotice reason={result.takedownReason} />;
  if (!result.ok) notFound();
  const user = result.data;
  const own = session?.user.userCode.toLowerCase() === user.userCode.toLowerCase();
  const name = user.pageTitle ?? user.userCode;
  return (
    <div className="container">
      <section className="creator-head">
        <Avatar user={user} />
        <div>
          <h1>{name}</h1>
          <p className="muted">@{user.userCode}</p>
        </div>
        {own ? (
          <Link className="button button--secondary" href="/account">
            {t("edit")}
          </Link>
        ) : (
          <ReportDialog targetType="user" targetId={user.userCode} signedIn={Boolean(session)} />
        )}
      </section>
      <LinkTabs
        label={t("sections", { name })}
        tabs={TABS.map((k) => ({
          key: k,
          name: k === "about" ? t("about") : ts(`tabs.${k}`),
          href: tabPath(user.userCode, k),
          current: k === tab,
        }))}
      />
      {!listed ? (
        <About user={user} t={t} />
      ) : listed.type === "videos" ? (
        <VodListing
          action={creatorPath(user.userCode)}
          query={query}
          page={listed.page}
          label={t("searchVideos", { name })}
          empty={t("noVideos")}
        />
      ) : (
        <>
          {listed.page.items.length > 0 ? (
            <CatalogResults result={listed} withPublisher={false} />
          ) : (
            <p className="catalog__empty" data-testid="catalog-empty">
              {ts(`noneYet.${listed.type}`)}
            </p>
          )}
          <Pager pageIndex={query.pageIndex} pageCount={listed.page.pageCount} path={tabPath(user.userCode, tab)} />
        </>
      )}
    </div>
  );
}

function About({ user, t }: { user: PublicUser; t: Awaited<ReturnType<typeof getTranslations<"creator">>> }) {
  const links = [user.socialUrl1, user.socialUrl2].filter((u): u is string => !!u);
  return (
    <section className="card" aria-label={t("about")}>
      {user.pageDescription ? <p className="prewrap">{user.pageDescription}</p> : <p className="muted">{t("noDescription")}</p>}
      {(links.length > 0 || user.socialContact) && (
        <ul>
          {links.map((url) => (
            <li key={url}>
              {isHttpUrl(url) ? (
                <a href={url} rel="noopener noreferrer nofollow">
                  {url}
                </a>
              ) : (
                url
              )}
            </li>
          ))}
          {user.socialContact && <li>{t("contact", { contact: user.socialContact })}</li>}
        </ul>
      )}
    </section>
  );
}
