import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { BundleCards, CastChannelCards, CreatorCards, LiveEventCards } from "@/components/discovery/catalog-cards";
import { VodGrid } from "@/components/viewer/vod-grid";
import type { CatalogType } from "@/server/domain/discovery/catalog-input";
import { getServerCaller, getServerContext } from "@/server/portal/session";
import { searchPath } from "@/lib/search-urls";
import "@/components/viewer/viewer.css";

// What Kinora does, for a newcomer (and under the rows, for everyone): messages home.features.*.
const features = ["upload", "bundles", "live", "channels"] as const;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** A row of the home page: its title, "See all" (the search page of its type), the cards. */
function Row({
  id,
  title,
  type,
  children,
  seeAll,
}: {
  id: string;
  title: string;
  type: CatalogType;
  children: ReactNode;
  seeAll: ReactNode;
}) {
  return (
    <section className="home-row" aria-labelledby={id} data-testid={id}>
      <div className="home-row__head">
        <h2 id={id}>{title}</h2>
        <Link href={searchPath({ type })} prefetch={false}>
          {seeAll}
        </Link>
      </div>
      {children}
    </section>
  );
}

// GET / - the landing page: rows of what is live now or coming, the channels on air, the latest
// videos, bundles and creators (discovery.home; an empty row is left out), then what Kinora is and
// how to start. The old video search (/?q=) now lives on /search.
export default async function Home({ searchParams }: { searchParams: SearchParams }) {
  const { q } = await searchParams;
  if (typeof q === "string" && q.trim()) redirect(searchPath({ q: q.trim(), type: "videos" }));
  const [{ actor }, caller] = await Promise.all([getServerContext(), getServerCaller()]);
  const [rows, t] = await Promise.all([caller.discovery.home(), getTranslations("home")]);
  const seeAll = (what: string) =>
    t.rich("seeAll", { what: what.toLowerCase(), hidden: (chunks) => <span className="visually-hidden">{chunks}</span> });
  const listed = Object.values(rows).some((r) => r.length > 0);
  return (
    <div className="container">
      {listed && <h1 className="visually-hidden">Kinora</h1>}
      {rows.live.length > 0 && (
        <Row id="home-live" title={t("rows.live")} type="live" seeAll={seeAll(t("rows.live"))}>
          <LiveEventCards events={rows.live} />
        </Row>
      )}
      {rows.channels.length > 0 && (
        <Row id="home-channels" title={t("rows.channels")} type="channels" seeAll={seeAll(t("rows.channels"))}>
          <CastChannelCards cards={rows.channels} />
        </Row>
      )}
      {rows.videos.length > 0 && (
        <Row id="home-videos" title={t("rows.videos")} type="videos" seeAll={seeAll(t("rows.videos"))}>
          <VodGrid vods={rows.videos} withPublisher />
        </Row>
      )}
      {rows.bundles.length > 0 && (
        <Row id="home-bundles" title={t("rows.bundles")} type="bundles" seeAll={seeAll(t("rows.bundles"))}>
          <BundleCards bundles={rows.bundles} />
        </Row>
      )}
      {rows.creators.length > 0 && (
        <Row id="home-creators" title={t("rows.creators")} type="creators" seeAll={seeAll(t("rows.creators"))}>
          <CreatorCards users={rows.creators} />
        </Row>
      )}
      <section className="hero">
        {listed ? <h2>{t("tagline")}</h2> : <h1>{t("tagline")}</h1>}
        <p>
          {t("intro")}
          {!listed && t("empty")}
        </p>
        <div className="actions">
          {actor.kind === "user" ? (
            <Link className="button" href="/dashboard">
              {t("dashboard")}
            </Link>
          ) : (
            <>
              <Link className="button" href="/register">
                {t("register")}
              </Link>
              <Link className="button button--secondary" href="/login">
                {t("logIn")}
              </Link>
            </>
          )}
          {listed && (
            <Link className="button button--secondary" href={searchPath({})}>
              {t("browse")}
            </Link>
          )}
        </div>
      </section>
      <ul className="grid features features--four">
        {features.map((f) => (
          <li key={f} className="card">
            <h2>{t(`features.${f}.title`)}</h2>
            <p>{t(`features.${f}.text`)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
