import type { Metadata } from "next";
import Link from "next/link";
import { CatalogResults, countText, TYPE_NAMES } from "@/components/discovery/catalog-results";
import { LinkTabs } from "@/components/discovery/link-tabs";
import { Pager, pageIndexFrom } from "@/components/pager";
import { CATALOG_SORTS, CATALOG_TYPES, type CatalogSort, type CatalogType } from "@/server/domain/discovery/catalog-input";
import { getServerCaller } from "@/server/portal/session";
import { searchPath } from "@/lib/search-urls";
import "@/components/viewer/viewer.css";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Items per page: four rows of three on a wide screen. */
const PAGE_SIZE = 12;

const SORT_NAMES: Record<CatalogSort, string> = { relevance: "Best match", newest: "Newest", title: "Title" };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const oneOf = <T extends string>(list: readonly T[], v: string | undefined): T | undefined =>
  list.find((x) => x === v?.trim().toLowerCase());

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const q = first((await searchParams).q)?.trim();
  return { title: q ? `Search: ${q}` : "Search", robots: { index: false } };
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
  const caller = await getServerCaller();
  const result = await caller.discovery.search({ queryString: q, type, sort: asked, pageIndex, pageSize: PAGE_SIZE });
  const sorts = CATALOG_SORTS.filter((s) => s !== "relevance" || q);
  const { page, sort } = result;
  return (
    <div className="container">
      <h1>{q ? `Search results for “${q}”` : "Browse Kinora"}</h1>
      <form role="search" action="/search" method="get" className="catalog-search">
        <label htmlFor="search-q" className="visually-hidden">
          Search videos, channels, bundles and creators
        </label>
        <input
          id="search-q"
          type="search"
          name="q"
          defaultValue={q}
          placeholder="Search videos, channels, bundles and creators"
          maxLength={200}
        />
        <input type="hidden" name="type" value={type} />
        <button type="submit" className="button">
          Search
        </button>
      </form>
      <LinkTabs
        label="What to search"
        tabs={CATALOG_TYPES.map((t) => ({ key: t, name: TYPE_NAMES[t].tab, href: searchPath({ q, type: t }), current: t === type }))}
      />
      <div className="catalog-sort">
        <span className="muted" role="status" data-testid="search-count">
          {countText(type, page.totalCount)}
        </span>
        <span aria-hidden="true">·</span>
        <span>Sort by</span>
        {sorts.map((s) => (
          <Link key={s} href={searchPath({ q, type, sort: s })} aria-current={s === sort ? "true" : undefined} data-testid={`sort-${s}`}>
            {SORT_NAMES[s]}
          </Link>
        ))}
      </div>
      {page.items.length > 0 ? (
        <CatalogResults result={result} />
      ) : (
        <p className="catalog__empty" data-testid="catalog-empty">
          {q ? `No ${TYPE_NAMES[type].many} match this search.` : `No ${TYPE_NAMES[type].many} yet.`}
        </p>
      )}
      <Pager pageIndex={pageIndex} pageCount={page.pageCount} path={searchPath({ q, type, sort: asked })} />
    </div>
  );
}
