import Link from "next/link";
import { useTranslations } from "next-intl";
import { Pager, pageIndexFrom } from "@/components/pager";
import type { SearchPage } from "@/server/domain/shared/search";
import type { VodItemView } from "@/server/domain/vod/vod-item-view";
import { VodGrid } from "./vod-grid";

/** Vods per page of the home and creator pages: four rows of three on a wide screen. */
export const LISTING_PAGE_SIZE = 12;

export interface ListingQuery {
  /** The search words (`q` of the page's address), trimmed; undefined lists everything, newest first. */
  q?: string;
  /** 0-based; the address says `page=2` for the second. */
  pageIndex: number;
}

type SearchParams = Record<string, string | string[] | undefined>;

/** The search and page of a listing from the page's query string; nonsense reads as the first page of everything. */
export function listingQuery(params: SearchParams): ListingQuery {
  const q = (Array.isArray(params.q) ? params.q[0] : params.q)?.trim().slice(0, 200) || undefined;
  return { q, pageIndex: pageIndexFrom(params.page) };
}

/**
 * A searchable listing of vods, rendered on the server: the search box (a GET form: the query is in
 * the address, so results can be linked and work without scripts), the cards, and the pager.
 */
export function VodListing({
  action,
  query,
  page,
  withPublisher = false,
  label,
  empty,
}: {
  /** The page's own path: the form and the pager link to it. */
  action: string;
  query: ListingQuery;
  page: SearchPage<VodItemView>;
  withPublisher?: boolean;
  /** What is searched, for the search box's label ("Search videos"). */
  label: string;
  /** What to say when there is nothing to list without a query. */
  empty: string;
}) {
  const t = useTranslations("watch");
  return (
    <div className="catalog">
      <form role="search" action={action} method="get" className="catalog-search">
        <label htmlFor="vod-search-q" className="visually-hidden">
          {label}
        </label>
        <input id="vod-search-q" type="search" name="q" defaultValue={query.q} placeholder={label} maxLength={200} />
        <button type="submit" className="button">
          {t("searchSubmit")}
        </button>
      </form>
      {query.q && (
        <p className="muted" role="status" data-testid="vod-results">
          {t("results", { count: page.totalCount, q: query.q })}
          {" · "}
          <Link href={action}>{t("showAll")}</Link>
        </p>
      )}
      {page.items.length > 0 ? (
        <VodGrid vods={page.items} withPublisher={withPublisher} />
      ) : (
        <p className="catalog__empty" data-testid="catalog-empty">
          {query.q ? t("noMatch") : empty}
        </p>
      )}
      <Pager
        pageIndex={query.pageIndex}
        pageCount={page.pageCount}
        path={query.q ? `${action}?${new URLSearchParams({ q: query.q })}` : action}
      />
    </div>
  );
}
