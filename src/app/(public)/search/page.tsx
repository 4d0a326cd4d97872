import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { CatalogResults } from "@/components/discovery/catalog-results";
import { LinkTabs } from "@/components/discovery/link-tabs";
import { Pager, pageIndexFrom } from "@/components/pager";
import { CATALOG_SORTS, CATALOG_TYPES, type CatalogType } from "@/server/domain/discovery/catalog-input";
import { getServerCaller } from "@/server/portal/session";
import { searchPath } from "@/lib/search-urls";
import "@/components/viewer/viewer.css";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Items per page: four rows of three on a wide screen. */
const PAGE_SIZE = 12;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const oneOf = <T extends string>(list: readonly T[], v: string | undefined): T | undefined =>
  list.find((x) => x === v?.trim().toLowerCase());

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const q = first((await searchParams).q)?.trim();
  const t = await getTranslations("search");
  return { title: q ? t("pageTitleFor", { q }) : t("pageTitle"), robots: { index: false } };
}

// GET /search?q=&type=&sort=&page= - search across videos, live channels, cast channels, bundles and
// creators (discovery.search): type tabs, the orders (best match with words, newest, title), pages.
// Every state is in the address, so results can be linked and work without scripts.
export default async function SearchPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const q = first(params.q)?.trim().slice(0, 200) || undefined;
  const type: CatalogType = oneOf(CATALOG_TYPES, first(params.type)) ?? "videos";
  const asked = oneOf(CATALOG_SORTS, first(params.sort));
  const pageIndex = pageIndexFrom(params.page);
  const [caller, t] = await Promise.all([getServerCaller(), getTranslations("search")]);
  const result = await caller.discovery.search({ queryString: q, type, sort: asked, pageIndex, pageSize: PAGE_SIZE });
  const sorts = CATALOG_SORTS.filter((s) => s !== "relevance" || q);
  const { page, sort } = result;
  return (
    <div className="container">
      <h1>{q ? t("resultsFor", { q }) : t("browse")}</h1>
      <form role="search" action="/search" method="get" className="catalog-search">
        <label htmlFor="search-q" className="visually-hidden">
          {t("everything")}
        </label>
        <input id="search-q" type="search" name="q" defaultValue={q} placeholder={t("everything")} maxLength={200} />
        <input type="hidden" name="type" value={type} />
        <button type="submit" className="button">
          {t("submit")}
        </button>
      </form>
      <LinkTabs
        label={t("whatToSearch")}
        tabs={CATALOG_TYPES.map((k) => ({ key: k, name: t(`tabs.${k}`), href: searchPath({ q, type: k }), current: k === type }))}
      />
      <div className="catalog-sort">
        <span className="muted" role="status" data-testid="search-count">
          {t(`count.${type}`, { n: page.totalCount })}
        </span>
        <span aria-hidden="true">·</span>
        <span>{t("sortBy")}</span>
        {sorts.map((s) => (
          <Link key={s} href={searchPath({ q, type, sort: s })} aria-current={s === sort ? "true" : undefined} data-testid={`sort-${s}`}>
            {t(`sorts.${s}`)}
          </Link>
        ))}
      </div>
      {page.items.length > 0 ? (
        <CatalogResults result={result} />
      ) : (
        <p className="catalog__empty" data-testid="catalog-empty">
          {q ? t(`noMatch.${type}`) : t(`noneYet.${type}`)}
        </p>
      )}
      <Pager pageIndex={pageIndex} pageCount={page.pageCount} path={searchPath({ q, type, sort: asked })} />
    </div>
  );
}
